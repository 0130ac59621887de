import { describe, expect, it } from 'vitest';
import { checkAttachmentContent, extensionOf, type SniffedContent } from './file-kinds.ts';

const sniffed = (ext: string, mime = `x/${ext}`): SniffedContent => ({
  sniffed: { ext, mime },
  isText: false,
});
const text: SniffedContent = { sniffed: null, isText: true };
const binary: SniffedContent = { sniffed: null, isText: false };

describe('attachment content check', () => {
  it.each<[string, SniffedContent, string]>([
    ['offer.pdf', sniffed('pdf', 'application/pdf'), 'application/pdf'],
    ['OFFER.PDF', sniffed('pdf', 'application/pdf'), 'application/pdf'],
    [
      'terms.docx',
      sniffed('docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['old.doc', sniffed('cfb'), 'application/msword'],
    ['old.xls', sniffed('cfb'), 'application/vnd.ms-excel'],
    ['mail.msg', sniffed('cfb'), 'application/vnd.ms-outlook'],
    ['photo.jpeg', sniffed('jpg'), 'image/jpeg'],
    ['scan.tiff', sniffed('tif'), 'image/tiff'],
    ['notes.txt', text, 'text/plain; charset=utf-8'],
    ['lines.csv', text, 'text/csv; charset=utf-8'],
    ['mail.eml', text, 'message/rfc822'],
  ])('accepts %s', (name, content, contentType) => {
    expect(checkAttachmentContent(name, content)).toEqual({ isAllowed: true, contentType });
  });

  it.each<[string, SniffedContent, string]>([
    [
      'invoice.pdf',
      sniffed('exe'),
      'This file is named .pdf but its content is a Windows program. Only PDF, Office documents, images, text, CSV and e-mail files can be attached.',
    ],
    ['invoice.pdf', sniffed('png'), 'This file is named .pdf but its content is a PNG image.'],
    ['terms.docx', sniffed('zip'), 'This file is named .docx but its content is a ZIP archive.'],
    ['lines.csv', sniffed('pdf'), 'This file is named .csv but its content is a PDF document.'],
    ['lines.csv', binary, 'This file is named .csv but its content is binary data of an unknown'],
    ['photo.png', text, 'This file is named .png but its content is text.'],
    ['old.doc', sniffed('docx'), 'This file is named .doc but its content is a Word document.'],
    ['x.pdf', sniffed('ogg', 'audio/ogg'), 'its content is OGG data (audio/ogg).'],
    ['setup.exe', sniffed('exe'), 'Files of type .exe cannot be attached. Only PDF'],
    ['README', text, 'This file has no extension, so it cannot be attached.'],
  ])('refuses %s whose bytes are not what it says', (name, content, message) => {
    const check = checkAttachmentContent(name, content);
    expect(check.isAllowed).toBe(false);
    expect(check.isAllowed ? '' : check.message).toContain(message);
  });

  it.each([
    ['a.PDF', 'pdf'],
    ['a.tar.gz', 'gz'],
    ['noext', ''],
    ['.env', ''],
  ])('reads the extension of %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

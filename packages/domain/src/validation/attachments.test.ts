import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  MAX_FILE_NAME_LENGTH,
  attachmentProblem,
  attachmentSizeKb,
  sanitizeFileName,
} from './attachments.ts';

const TOO_LARGE = 'File is too large. The limit is 10240 KB.';

describe('attachment size', () => {
  it.each([
    [0, 0, null],
    [1, 1, null],
    [1023, 1, null],
    [1024, 1, null],
    [1025, 2, null],
    [10_240 * 1024 - 1, 10_240, null],
    [10_240 * 1024, 10_240, null],
    [10_240 * 1024 + 1, 10_241, TOO_LARGE],
    [50 * 1024 * 1024, 51_200, TOO_LARGE],
  ])('%i bytes is %i KB: %j', (bytes, kb, problem) => {
    expect(attachmentSizeKb(bytes)).toBe(kb);
    expect(attachmentProblem(bytes)).toBe(problem);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('%d bytes is not a size', (bytes) => {
    expect(() => attachmentSizeKb(bytes)).toThrow(RangeError);
    expect(attachmentProblem(bytes)).toBe('The size of the file could not be read.');
  });
});

describe('sanitizeFileName', () => {
  itReturns('%j → %j', sanitizeFileName, [
    ['report.pdf', 'report.pdf'],
    ['bad name;$.pdf', 'bad_name__.pdf'],
    ['Q3 report (v2).final.pdf', 'Q3_report__v2__final.pdf'],
    ['archive.tar.gz', 'archive_tar.gz'],
    ['Scan.JPG', 'Scan.JPG'],
    ['résumé Zoë.docx', 'resume_Zoe.docx'],
    ['価格表.xlsx', 'file.xlsx'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\cmd.exe', 'cmd.exe'],
    ['C:\\Users\\me\\Desktop\\quote.docx', 'quote.docx'],
    ['uploads/', 'uploads'],
    ['/', 'file'],
    ['..', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['.bashrc', 'file.bashrc'],
    ['.env.local', 'env.local'],
    ['.pdf', 'file.pdf'],
    [' .pdf', 'file.pdf'],
    ['...pdf', 'file.pdf'],
    ['name.', 'name'],
    ['name.pdf. ', 'name.pdf'],
    ['-rf.txt', 'rf.txt'],
    ['__init__.py', 'init__.py'],
    ['a\u0000b.pdf', 'a_b.pdf'],
    ['a"b;c=d\r\n.pdf', 'a_b_c_d__.pdf'],
    ['CON.txt', '_CON.txt'],
    ['nul', '_nul'],
    ['com1.log', '_com1.log'],
    ['console.log', 'console.log'],
    ['photo.jp g', 'photo_jp_g'],
    ['data.averyveryverylongextension', 'data_averyveryverylongextension'],
    ['ｒｅｐｏｒｔ．ｐｄｆ', 'report.pdf'],
  ]);

  it('shortens a long base name and keeps the extension', () => {
    const sanitized = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(sanitized).toBe(`${'x'.repeat(MAX_FILE_NAME_LENGTH - 4)}.pdf`);
  });

  const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]{1,16})?$/;
  // Any UTF-16 code unit, lone surrogates included, and the characters that matter most.
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
    fc.string({ unit: fc.constantFrom('.', '/', '\\', ' ', '-', '_', 'a', 'é', '\u0000', ':') }),
  );

  it('always gives a safe, non-empty, relative name of bounded length', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const sanitized = sanitizeFileName(name);
        expect(sanitized).toMatch(SAFE_NAME);
        expect(sanitized).not.toMatch(/[/\\]/);
        expect(sanitized.startsWith('.')).toBe(false);
        expect(sanitized.length).toBeGreaterThan(0);
        expect(sanitized.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a sensible final extension as typed', () => {
    const base = anyText.filter((text) => text !== '' && !/[/\\]/.test(text));
    const extension = fc.stringMatching(/^[A-Za-z0-9]{1,16}$/);
    fc.assert(
      fc.property(base, extension, (name, ext) => {
        expect(sanitizeFileName(`${name}.${ext}`).endsWith(`.${ext}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves a sanitized name as it is', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const sanitized = sanitizeFileName(name);
        expect(sanitizeFileName(sanitized)).toBe(sanitized);
      }),
      { numRuns: 500 },
    );
  });

  // A trailing-run regex (/_+$/) would take seconds here: the trimming is a loop for that reason.
  it('answers quickly for long hostile input', () => {
    const started = Date.now();
    sanitizeFileName(`${' '.repeat(50_000)}x`);
    sanitizeFileName(`${'_'.repeat(50_000)}x${'.'.repeat(50_000)}`);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

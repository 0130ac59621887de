import { describe, expect, it } from 'vitest';
import { extensionOf, isWithinAttachmentLimit, safeFileName, sizeInKb } from './file-names.ts';

describe('safeFileName (spec §5)', () => {
  it.each([
    ['bad name;$.pdf', 'bad_name__.pdf'],
    ['purchase-order_2026.PDF', 'purchase-order_2026.pdf'],
    ['my.file.v2.docx', 'my_file_v2.docx'],
    ['Angebot für Kunde.xlsx', 'Angebot_f_r_Kunde.xlsx'],
    ['C:\\Users\\me\\order.pdf', 'order.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['.env', '_env'],
    ['noextension', 'noextension'],
    ['trailingdot.', 'trailingdot_'],
    ['', 'file'],
    ['$$$.pdf', '___.pdf'],
    ['report.p d f', 'report.p_d_f'],
  ])('%j is stored as %j', (name, stored) => {
    expect(safeFileName(name)).toBe(stored);
  });

  it('keeps long names to 200 characters, extension included', () => {
    const stored = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(stored).toHaveLength(200);
    expect(stored.endsWith('.pdf')).toBe(true);
  });
});

describe('sizes (spec §5, §9)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [1024, 1],
    [1025, 2],
    [10_240 * 1024, 10_240],
    [10_240 * 1024 + 1, 10_241],
  ])('%i bytes count as %i KB', (bytes, kb) => {
    expect(sizeInKb(bytes)).toBe(kb);
  });

  it('accepts exactly 10240 KB and refuses one byte more', () => {
    expect(isWithinAttachmentLimit(10_240 * 1024)).toBe(true);
    expect(isWithinAttachmentLimit(10_240 * 1024 + 1)).toBe(false);
  });

  it.each([
    ['a.PDF', 'pdf'],
    ['a', ''],
    ['.env', ''],
    ['a.tar.gz', 'gz'],
  ])('extension of %j is %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

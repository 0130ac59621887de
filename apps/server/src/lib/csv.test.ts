import { describe, expect, it } from 'vitest';
import { formatCsv, neutralizeFormulaReversibly, parseCsv, restoreFormula } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and every kind of line end', () => {
    const { records, problems } = parseCsv(
      '\uFEFFa,"b, with comma","say ""hi"""\r\n"multi\r\nline",x\ny\rz,',
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { row: 1, fields: ['a', 'b, with comma', 'say "hi"'] },
      { row: 2, fields: ['multi\r\nline', 'x'] },
      { row: 3, fields: ['y'] },
      { row: 4, fields: ['z', ''] },
    ]);
  });

  it('counts blank lines as rows, like a spreadsheet, and ignores a final line break', () => {
    expect(parseCsv('a\r\n\r\nb\r\n').records).toEqual([
      { row: 1, fields: ['a'] },
      { row: 2, fields: [''] },
      { row: 3, fields: ['b'] },
    ]);
    expect(parseCsv('').records).toEqual([]);
  });

  it('reports an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('a\r\n"open,b').problems).toEqual([
      { row: 2, message: expect.stringContaining('not closed') },
    ]);
    expect(parseCsv('"x"y,z').problems).toEqual([
      { row: 1, message: expect.stringContaining('Text follows a closing quote') },
    ]);
  });

  it('writes what it reads back', () => {
    const rows = [
      ['sku', 'name'],
      ['A-1', 'Comma, "quoted"'],
      ['B-2', ' padded '],
      ['C-3', 'two\nlines'],
    ];
    const text = formatCsv(rows);
    expect(text).toBe(
      'sku,name\r\nA-1,"Comma, ""quoted"""\r\nB-2," padded "\r\nC-3,"two\nlines"\r\n',
    );
    expect(parseCsv(text).records.map((r) => r.fields)).toEqual(rows);
  });
});

describe('formatCsv', () => {
  it('neutralizes formulas only when asked, after quoting what needs it', () => {
    const rows = [['=SUM(A1)', '-5', '@x', 'plain', '+1, two']];
    expect(formatCsv(rows)).toBe('=SUM(A1),-5,@x,plain,"+1, two"\r\n');
    expect(formatCsv(rows, { neutralizesFormulas: true })).toBe(
      "'=SUM(A1),'-5,'@x,plain,\"'+1, two\"\r\n",
    );
  });
});

describe('neutralizeFormulaReversibly', () => {
  it('neutralizes formulas in a way restoreFormula undoes, whatever the value', () => {
    const values = ['=SUM(A1)', "'=SUM(A1)", "''+1", '-5', '@x', "'plain", 'plain', "it's", ''];
    const written = values.map(neutralizeFormulaReversibly);
    expect(written).toEqual([
      "'=SUM(A1)",
      "''=SUM(A1)",
      "'''+1",
      "'-5",
      "'@x",
      "'plain",
      'plain',
      "it's",
      '',
    ]);
    expect(written.map(restoreFormula)).toEqual(values);
  });
});

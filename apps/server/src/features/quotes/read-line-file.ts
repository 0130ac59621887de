import { unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import readExcelFile, { type CellValue } from 'read-excel-file/node';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_LINE_IMPORT_BYTES,
  MAX_LINE_IMPORT_CELL,
  MAX_LINE_IMPORT_COLUMNS,
  MAX_LINE_IMPORT_ROWS,
} from '@bastion/domain/quotes/line-import/limits';
import type { LineImportTable } from '@bastion/domain/quotes/line-import/read-rows';
import { AppError } from '../../lib/app-error.ts';
import { parseCsv } from '../../lib/csv.ts';

/*
 * Issue 38 (part 1): an uploaded bill of materials, or cells pasted from a spreadsheet, as a
 * table of text cells under a header row. What the file is comes from its bytes, not its name:
 * an Excel workbook (.xlsx) is read by read-excel-file, anything else must be text (CSV, comma,
 * semicolon or tab separated). Refused, with what to do: a file over 10,240 KB, any other kind
 * of file, a workbook with macros or formulas (values only: a formula's cached result may be
 * stale), more than 5,000 lines.
 */

export const NOT_A_TABLE_MESSAGE =
  'The file is neither a CSV file nor an Excel workbook (.xlsx): export the lines from your spreadsheet as one of those and import that.';
export const OLD_EXCEL_MESSAGE =
  'This is an older Excel file (.xls): save it as an Excel Workbook (.xlsx) or as CSV, and import that.';
export const MACROS_MESSAGE =
  'The workbook holds macros, which Bastion never opens: save it as an Excel Workbook (.xlsx) without them, and import that.';
export const NO_HEADER_MESSAGE =
  'The file holds no lines: its first row names the columns (SKU, quantity…), the lines follow.';
/** A workbook that unpacks to more than this is refused before it is read (a zip bomb). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

const refuse = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path: 'source', message }] });

export const formulasMessage = (where: string) =>
  `The file holds formulas (the first ${where}): Bastion imports values only. Paste the cells as values (or save a copy without formulas) and import that.`;

const tooManyRows = (count: number) =>
  `The file has ${count.toLocaleString('en-US')} lines: at most ${MAX_LINE_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once. Split it, and import the parts one after the other (Merge).`;

type Cells = string[][];

/** Rows of cells as a table: the first row with two cells or more names the columns. */
function tableOf(origin: LineImportTable['origin'], cells: Cells): LineImportTable {
  const numbered = cells
    .map((row, index) => ({
      row: index + 1,
      cells: row.map((cell) => cell.trim().slice(0, MAX_LINE_IMPORT_CELL)),
    }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  // A title above the table ("Bill of materials for Acme") fills one cell; the header names two
  // columns at least.
  const headerIndex = Math.max(
    0,
    numbered.findIndex((row) => row.cells.filter((cell) => cell !== '').length >= 2),
  );
  const header = numbered[headerIndex];
  const rows = numbered.slice(headerIndex + 1);
  if (!header || rows.length === 0) throw refuse(NO_HEADER_MESSAGE);
  const width = Math.max(header.cells.length, ...rows.map((row) => row.cells.length));
  if (width > MAX_LINE_IMPORT_COLUMNS) {
    throw refuse(
      `The file has ${width} columns: Bastion reads at most ${MAX_LINE_IMPORT_COLUMNS}. Remove the columns it does not need.`,
    );
  }
  if (rows.length > MAX_LINE_IMPORT_ROWS) throw refuse(tooManyRows(rows.length));
  // Rows keep their numbers in the file: problems name them as the spreadsheet shows them.
  return {
    origin,
    header_row: header.row,
    headers: Array.from({ length: width }, (_, i) => header.cells[i] ?? ''),
    rows: rows.map((row) => ({
      row: row.row,
      cells: Array.from({ length: width }, (_, i) => row.cells[i] ?? ''),
    })),
  };
}

/** A cell that a spreadsheet would calculate: CSV and pasted text hold values only. */
function firstFormula(cells: Cells): string | null {
  for (const [rowIndex, row] of cells.entries()) {
    const column = row.findIndex((cell) => /^=\S/.test(cell.trim()));
    if (column >= 0) return `in row ${rowIndex + 1}, column ${column + 1}`;
  }
  return null;
}

/** The separator a text table uses: tabs (copied cells), semicolons (European Excel), commas. */
function delimiterOf(text: string): ',' | ';' | '\t' {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (char: string) => firstLine.split(char).length - 1;
  const tabs = count('\t');
  const semicolons = count(';');
  if (tabs > 0 && tabs >= count(',')) return '\t';
  return semicolons > count(',') ? ';' : ',';
}

function readText(origin: 'csv' | 'paste', text: string): LineImportTable {
  const parsed = parseCsv(text, { delimiter: delimiterOf(text) });
  const [problem] = parsed.problems;
  if (problem) throw refuse(`Row ${problem.row}: ${problem.message}`);
  const cells = parsed.records.map((record) => record.fields);
  const formula = firstFormula(cells);
  if (formula) throw refuse(formulasMessage(formula));
  return tableOf(origin, cells);
}

/** UTF-8 (with or without its mark); a file that is not is read as Windows' Western encoding. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Control characters other than tab and line breaks: a binary file, not a table. */
const looksBinary = (bytes: Uint8Array) =>
  bytes.subarray(0, 8192).some((byte) => byte < 9 || (byte > 13 && byte < 32) || byte === 127);

/**
 * The workbook's parts as a list, and its sheets' XML: macros and formulas are looked for before
 * read-excel-file reads a value.
 */
function inspectWorkbook(bytes: Uint8Array) {
  const names: string[] = [];
  let unpacked = 0;
  const sheets = unzipSync(bytes, {
    filter: (entry) => {
      names.push(entry.name);
      unpacked += entry.originalSize;
      return /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) && unpacked <= MAX_UNPACKED_BYTES;
    },
  });
  if (unpacked > MAX_UNPACKED_BYTES) throw refuse(FILE_TOO_LARGE_MESSAGE);
  if (!names.includes('xl/workbook.xml')) throw refuse(NOT_A_TABLE_MESSAGE);
  if (names.some((name) => /vbaProject\.bin$|^xl\/macrosheets\//i.test(name))) {
    throw refuse(MACROS_MESSAGE);
  }
  const decoder = new TextDecoder();
  for (const [name, content] of Object.entries(sheets).sort(([a], [b]) => a.localeCompare(b))) {
    const xml = decoder.decode(content);
    const formula = /<c\b[^>]*\br="([A-Z]+\d+)"[^>]*>(?:(?!<\/c>)[\s\S])*?<f[\s>/]/.exec(xml);
    if (formula) {
      const sheet = name.replace(/^xl\/worksheets\//, '').replace(/\.xml$/, '');
      throw refuse(formulasMessage(`in cell ${formula[1]} of ${sheet}`));
    }
  }
}

const cellText = (value: CellValue | null): string => {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

async function readWorkbook(bytes: Buffer): Promise<LineImportTable> {
  inspectWorkbook(bytes);
  let sheets;
  try {
    sheets = await readExcelFile(bytes);
  } catch {
    throw refuse(NOT_A_TABLE_MESSAGE);
  }
  const first = sheets[0]?.data ?? [];
  return tableOf(
    'xlsx',
    first.map((row) => row.map(cellText)),
  );
}

export type LineImportSource =
  { kind: 'file'; file_name: string; content_base64: string } | { kind: 'paste'; text: string };

/** The table a file or pasted cells hold, or a 400 saying why it cannot be read. */
export async function readLineFile(source: LineImportSource): Promise<LineImportTable> {
  if (source.kind === 'paste') return readText('paste', source.text);
  const bytes = Buffer.from(source.content_base64, 'base64');
  if (bytes.length > MAX_LINE_IMPORT_BYTES) throw refuse(FILE_TOO_LARGE_MESSAGE);
  if (bytes.length === 0) throw refuse(NO_HEADER_MESSAGE);
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.ext === 'xlsx' || sniffed?.ext === 'zip') {
    try {
      return await readWorkbook(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refuse(NOT_A_TABLE_MESSAGE);
    }
  }
  if (sniffed?.ext === 'xls' || sniffed?.ext === 'cfb') throw refuse(OLD_EXCEL_MESSAGE);
  if (sniffed !== undefined || looksBinary(bytes)) throw refuse(NOT_A_TABLE_MESSAGE);
  return readText('csv', decodeText(bytes));
}

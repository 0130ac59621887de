import type { z } from 'zod';
import type { ZImportProblem } from '@bastion/domain/catalog/admin-api';
import { AppError, type AppErrorDetail } from './app-error.ts';
import { parseCsv, type CsvRecord } from './csv.ts';

/*
 * What the CSV imports (the catalogue's prices and SKUs, the exchange rates) share: the header read
 * in any order, the limits, each row's width, and the one refusal that lists every problem by row
 * and column (decision 010).
 */

export const MAX_IMPORT_ROWS = 50_000;
/** A file with more problems lists this many: the first ones show what is wrong. */
export const MAX_REPORTED_PROBLEMS = 1000;

/** One thing wrong with the file: its row as a spreadsheet numbers it (the header is row 1). */
export type ImportProblem = z.infer<typeof ZImportProblem>;

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A problem as the refusal's details list it: path `row.N.column`, with its row and column. */
export const problemDetail = (p: ImportProblem) => ({
  path: `row.${p.row}${p.column ? `.${p.column}` : ''}`,
  row: p.row,
  column: p.column,
  message: p.message,
});

/**
 * The 400 that says what is wrong with the file: nothing of it was imported. Its details are the
 * first MAX_REPORTED_PROBLEMS problems by row, then by column; `detailOf` writes each (an import
 * whose details were published in another shape keeps it).
 */
export function importRefused(
  problems: readonly ImportProblem[],
  columns: readonly string[],
  detailOf: (problem: ImportProblem) => AppErrorDetail = problemDetail,
): AppError {
  const columnRank = (column: string | null) => (column === null ? -1 : columns.indexOf(column));
  const sorted = [...problems].sort(
    (a, b) => a.row - b.row || columnRank(a.column) - columnRank(b.column),
  );
  const rowCount = new Set(sorted.map((p) => p.row)).size;
  const listed = sorted.slice(0, MAX_REPORTED_PROBLEMS);
  const message = [
    `Nothing was imported: ${plural(sorted.length, 'problem', 'problems')} in ${plural(rowCount, 'row', 'rows')} of the file.`,
    sorted.length > listed.length ? `The first ${listed.length} are listed.` : '',
    'Correct the file and import it again.',
  ]
    .filter(Boolean)
    .join(' ');
  return new AppError('VALIDATION_FAILED', message, { details: listed.map(detailOf) });
}

/** What an import reads: its columns in the order messages name them, and what a row is. */
export interface CsvImportShape<C extends string> {
  columns: readonly C[];
  /** Columns of the export that the import accepts and ignores, so an export imports back. */
  ignored?: ReadonlySet<string>;
  /** What one row is, plural: "price rows". */
  rowsName: string;
}

/** A file's rows under its header, and the rows the parser could not read. */
export interface CsvTable<C extends string> {
  positions: Map<C, number>;
  headerRow: number;
  headerWidth: number;
  /** The non-blank rows under the header. */
  records: CsvRecord[];
  /** Problems of the parser (an unclosed quote…), already by row. */
  problems: ImportProblem[];
  badRows: ReadonlySet<number>;
}

const isBlank = (record: CsvRecord) => record.fields.every((field) => field.trim() === '');

/** Which field of a record holds each column; problems with the header row otherwise. */
function readHeader<C extends string>(
  header: CsvRecord,
  shape: CsvImportShape<C>,
): Map<C, number> | ImportProblem[] {
  const columnList = shape.columns.join(', ');
  const names = header.fields.map((field) => field.trim().toLowerCase());
  const problems: ImportProblem[] = [];
  const positions = new Map<C, number>();
  names.forEach((name, index) => {
    const column = shape.columns.find((c) => c === name);
    if (column) {
      if (positions.has(column)) {
        problems.push({ row: header.row, column, message: `The column ${column} appears twice.` });
      }
      positions.set(column, index);
    } else if (name !== '' && !shape.ignored?.has(name)) {
      problems.push({
        row: header.row,
        column: null,
        message: `Unknown column “${header.fields[index]?.trim()}”: the columns are ${columnList}.`,
      });
    }
  });
  for (const column of shape.columns) {
    if (!positions.has(column)) {
      problems.push({
        row: header.row,
        column,
        message: `The first row must name the columns ${columnList}: ${column} is missing.`,
      });
    }
  }
  return problems.length > 0 ? problems : positions;
}

/**
 * Reads a file's header and rows. An empty file, a bad header, no rows or too many are refused
 * at once (they leave nothing to check row by row).
 */
export function readCsvTable<C extends string>(
  text: string,
  shape: CsvImportShape<C>,
): CsvTable<C> {
  const parsed = parseCsv(text);
  const problems: ImportProblem[] = parsed.problems.map((p) => ({ ...p, column: null }));
  const refuse = (problem: ImportProblem) => importRefused([problem], shape.columns);

  const header = parsed.records.find((record) => !isBlank(record));
  if (!header) {
    throw refuse({
      row: 1,
      column: null,
      message: `The file is empty: its first row names the columns ${shape.columns.join(', ')}.`,
    });
  }
  const positions = readHeader(header, shape);
  if (Array.isArray(positions)) throw importRefused(positions, shape.columns);
  const records = parsed.records.filter((r) => r.row > header.row && !isBlank(r));
  if (records.length === 0) {
    throw refuse({
      row: header.row,
      column: null,
      message: `The file has no ${shape.rowsName} under its header.`,
    });
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw refuse({
      row: header.row,
      column: null,
      message: `The file has ${plural(records.length, 'row', 'rows')}; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} import at once. Split it into parts.`,
    });
  }
  return {
    positions,
    headerRow: header.row,
    headerWidth: header.fields.length,
    records,
    problems,
    badRows: new Set(problems.map((p) => p.row)),
  };
}

/**
 * A row's values by column (trimmed), or null with a problem when the row has fewer values than
 * the header names, or more that are not blank.
 */
export function rowValues<C extends string>(
  record: CsvRecord,
  table: Pick<CsvTable<C>, 'positions' | 'headerWidth'>,
  problems: ImportProblem[],
): ((column: C) => string) | null {
  const { row, fields } = record;
  const extra = fields.slice(table.headerWidth);
  if (fields.length < table.headerWidth || extra.some((field) => field.trim() !== '')) {
    problems.push({
      row,
      column: null,
      message: `This row has ${plural(fields.length, 'value', 'values')}; the header names ${table.headerWidth} columns. A value with a comma needs double quotes.`,
    });
    return null;
  }
  return (column) => (fields[table.positions.get(column) ?? -1] ?? '').trim();
}

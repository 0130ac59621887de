import { rowValues, type CsvTable, type ImportProblem } from '../../lib/csv-import.ts';

/*
 * What the two price imports, the list prices (features/catalog-admin/import-prices.ts) and the
 * price book entries (features/price-books/import-price-books.ts), do alike with a file's rows.
 */

/** A row's values by column, and how a problem with one of them is recorded. */
export interface RowCells<C extends string> {
  value: (column: C) => string;
  fail: (column: C, message: string) => void;
}

/**
 * The line of each row `readLine` reads without a problem, with its row. A row the parser could
 * not read, of another width than the header, or with any problem stands for no line; its
 * problems join the table's.
 */
export function readLines<C extends string, Line>(
  table: CsvTable<C>,
  readLine: (cells: RowCells<C>) => Line | null,
): (Line & { row: number })[] {
  const lines: (Line & { row: number })[] = [];
  for (const record of table.records) {
    if (table.badRows.has(record.row)) continue;
    const { row } = record;
    const value = rowValues(record, table, table.problems);
    if (!value) continue;
    const before = table.problems.length;
    const fail = (column: C, message: string) => {
      table.problems.push({ row, column, message });
    };
    const line = readLine({ value, fail });
    if (line && table.problems.length === before) lines.push({ ...line, row });
  }
  return lines;
}

/**
 * The lines less the repeats: a line whose key an earlier one has sets the same price twice
 * (which was meant?), so it is left out with the problem `repeated` writes of it.
 */
export function withoutRepeats<Line extends { row: number }>(
  lines: readonly Line[],
  keyOf: (line: Line) => string,
  repeated: (line: Line, firstRow: number) => ImportProblem,
  problems: ImportProblem[],
): Line[] {
  const firstRowOf = new Map<string, number>();
  return lines.filter((line) => {
    const key = keyOf(line);
    const first = firstRowOf.get(key);
    if (first === undefined) {
      firstRowOf.set(key, line.row);
      return true;
    }
    problems.push(repeated(line, first));
    return false;
  });
}

/**
 * CSV files of the reports (issue 19): RFC 4180 — fields separated by commas, records by CRLF, a
 * field in double quotes when it holds a comma, a quote or a line break, with "" for a quote.
 *
 * Text that a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return that some strip before looking) is neutralised with a leading apostrophe, so an account
 * named "=HYPERLINK(…)" stays text (OWASP, CSV injection). Numbers are written as numbers: a
 * `CsvNumber` is decimal text checked to be a number, so a negative amount is not mistaken for a
 * formula and keeps its sign.
 */

/** A number written as it is: '-1234.50', '12', '0.5'. */
export interface CsvNumber {
  number: string;
}

export type CsvCell = string | number | CsvNumber | null;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Decimal text as a CSV number; throws on anything else (a bug upstream, not user input). */
export function csvNumber(text: string): CsvNumber {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a decimal number: ${text}`);
  return { number: text };
}

/** One field as written: neutralised if text, quoted if it must be. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`Not a finite number: ${cell}`);
    return String(cell);
  }
  if (typeof cell === 'object') return csvNumber(cell.number).number;
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file: the header record, then one record per row, each ending in CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

/** Minor units as decimal text with two places (spec §9): 123456 → '1234.56', -5 → '-0.05'. */
export function minorAsDecimal(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be a safe integer of minor units: ${minorUnits}`);
  }
  const digits = String(Math.abs(minorUnits)).padStart(3, '0');
  return `${minorUnits < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

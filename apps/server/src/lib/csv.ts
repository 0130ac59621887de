/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields optionally in double quotes
 * with "" for a quote, line breaks CRLF, LF or CR, also inside quoted fields. The same reads a
 * semicolon-separated file (a European Excel's CSV) or cells copied from a spreadsheet (tabs).
 * Pure functions.
 */

export interface CsvRecord {
  /** The record's number as a spreadsheet shows it: the first record is row 1. */
  row: number;
  fields: string[];
}

export interface CsvParseResult {
  records: CsvRecord[];
  /** Rows the parser could not read, with why. */
  problems: { row: number; message: string }[];
}

export function parseCsv(
  text: string,
  options: { delimiter?: ',' | ';' | '\t' } = {},
): CsvParseResult {
  const delimiter = options.delimiter ?? ',';
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const problems: CsvParseResult['problems'] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let i = 0;
  // A record is pending once anything of it was read, so a final line without a break counts.
  let isRecordPending = false;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ row, fields });
    fields = [];
    row += 1;
    isRecordPending = false;
  };

  while (i < input.length) {
    const char = input[i];
    if (char === '"' && field === '') {
      // A quoted field: runs to the next lone quote.
      isRecordPending = true;
      const startRow = row;
      i += 1;
      let isClosed = false;
      while (i < input.length) {
        const c = input[i];
        if (c === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          isClosed = true;
          break;
        }
        field += c;
        i += 1;
      }
      if (!isClosed) {
        problems.push({ row: startRow, message: 'A quoted value is not closed: a " is missing.' });
        endRecord();
        break;
      }
      const next = input[i];
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
        if (!problems.some((p) => p.row === row)) {
          problems.push({
            row,
            message: 'Text follows a closing quote: quote the whole value, writing " as "".',
          });
        }
        // Read the rest of the field as it stands.
        while (
          i < input.length &&
          input[i] !== delimiter &&
          input[i] !== '\r' &&
          input[i] !== '\n'
        ) {
          field += input[i];
          i += 1;
        }
      }
      continue;
    }
    if (char === delimiter) {
      isRecordPending = true;
      endField();
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      endRecord();
      continue;
    }
    isRecordPending = true;
    field += char;
    i += 1;
  }
  if (isRecordPending) endRecord();
  return { records, problems };
}

/** A value as a CSV field: quoted when it holds a comma, quote, line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula: such
 * text is prefixed with a quote, so a name like "=HYPERLINK(…)" stays text (OWASP CSV injection).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * neutralizeFormula for a file that is imported again: a value that already starts with quotes
 * before such a character gets one more, so restoreFormula gives back every value as it was.
 */
export function neutralizeFormulaReversibly(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The value neutralizeFormulaReversibly was given; a value it would not change stays as it is. */
export function restoreFormula(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Records to CSV text with CRLF line ends, as spreadsheets expect. `neutralizesFormulas` for files
 * of people's free text (user lists); a file meant to be imported again keeps its values as they
 * are (a price list's negative numbers).
 */
export function formatCsv(
  rows: readonly (readonly string[])[],
  options: { neutralizesFormulas?: boolean } = {},
): string {
  const field = options.neutralizesFormulas
    ? (value: string) => csvField(neutralizeFormula(value))
    : csvField;
  return rows.map((fields) => fields.map(field).join(',') + '\r\n').join('');
}

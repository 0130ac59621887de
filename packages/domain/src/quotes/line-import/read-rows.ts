import {
  LINE_IMPORT_FIELD_LABELS,
  LINE_IMPORT_FIELDS,
  columnLetter,
  yearOfField,
  type LineImportField,
  type LineImportMapping,
} from './mapping.ts';

/*
 * Issue 38 (part 1): an imported table's rows read as lines, with every problem named by its row
 * as the spreadsheet numbers it (the header is row 1), before anything is looked up in the
 * catalogue. Pure: the server runs it for the preview and again for the import.
 */

export const LINE_IMPORT_ORIGINS = ['csv', 'xlsx', 'paste'] as const;
export type LineImportOrigin = (typeof LINE_IMPORT_ORIGINS)[number];

export interface LineImportTable {
  /** Where the cells came from: an XLSX stores a percent-formatted 12.5 % as 0.125. */
  origin: LineImportOrigin;
  /** The header's row in the file (1 unless title rows come first); data rows follow it. */
  header_row?: number | undefined;
  headers: string[];
  /** The data rows that hold anything, each with its row number and its cells as text. */
  rows: { row: number; cells: string[] }[];
}

export interface LineImportProblem {
  row: number;
  /** The column's letter, when the problem is one cell's or one column's. */
  column: string | null;
  message: string;
}

export type ReadQuantity =
  { kind: 'single'; value: number } | { kind: 'years'; values: readonly number[] };

export interface ReadRow {
  row: number;
  sku: string;
  quantity: ReadQuantity;
  /** The seller's discount as the API takes it ("12.5"); null: the cell is empty. */
  discount: string | null;
  highAvailability: boolean | null;
  /** The SKU of the bundle this row is part of (the export's "Part of bundle"). */
  bundle: string | null;
}

export interface ReadRowsResult {
  rows: ReadRow[];
  /** Data rows that hold anything in a mapped column: read, with or without problems. */
  rowsRead: number;
  problems: LineImportProblem[];
  /** What the reading assumed, for the preview to say. */
  notes: string[];
}

export const MAX_LINE_QUANTITY = 1_000_000;

export const MAPS_NOTHING_MESSAGE =
  'The header row maps nothing: choose the column that holds the SKU and the one that holds the quantity.';

const WHOLE = /^\d+(?:\.0+)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const PERCENT = /^\d{1,3}(?:\.\d{1,2})?$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const YES = new Set(['yes', 'y', 'true', '1', 'ha', 'pair', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

const columnName = (headers: readonly string[], index: number) => {
  const header = headers[index]?.trim() ?? '';
  return header === ''
    ? `Column ${columnLetter(index)}`
    : `Column ${columnLetter(index)} (${header})`;
};

/** The checks of the mapping itself, on the header row. */
function mappingProblems(
  headers: readonly string[],
  mapping: LineImportMapping,
  years: number,
  headerRow: number,
): LineImportProblem[] {
  const mapped = headers.map((_, index) => mapping[index] ?? null);
  const has = (field: LineImportField) => mapped.includes(field);
  const header = (message: string, index: number | null = null): LineImportProblem => ({
    row: headerRow,
    column: index === null ? null : columnLetter(index),
    message: `Row ${headerRow}: ${message}`,
  });
  if (mapped.every((field) => field === null)) {
    return [{ row: headerRow, column: null, message: MAPS_NOTHING_MESSAGE }];
  }
  const problems: LineImportProblem[] = [];
  for (const field of LINE_IMPORT_FIELDS) {
    const first = mapped.indexOf(field);
    const again = mapped.indexOf(field, first + 1);
    if (first >= 0 && again >= 0) {
      problems.push(
        header(
          `${columnName(headers, first)} and ${columnName(headers, again)} are both mapped to ${LINE_IMPORT_FIELD_LABELS[field]}: map one.`,
          again,
        ),
      );
    }
  }
  if (!has('sku')) problems.push(header('choose the column that holds the SKU.'));
  const yearColumns = mapped.filter((field) => yearOfField(field) !== null);
  if (!has('quantity') && yearColumns.length === 0) {
    problems.push(
      header('choose the column that holds the quantity, or a column for each contract year.'),
    );
  }
  if (has('quantity') && yearColumns.length > 0) {
    problems.push(header('map one Quantity column or quantities per year, not both.'));
  }
  const yearsText = `${years} ${years === 1 ? 'year' : 'years'}`;
  headers.forEach((_, index) => {
    // A year the quote does not have: the seller maps the column to nothing to leave it out.
    const year = yearOfField(mapped[index] ?? null);
    if (year !== null && year > years) {
      problems.push(
        header(
          `${columnName(headers, index)} holds quantities for year ${year}, but this quote runs for ${yearsText}.`,
          index,
        ),
      );
    }
  });
  return problems;
}

/** A quantity cell: a whole number (1200, "1,200", 12.0), or why not. */
function readQuantity(text: string): { ok: true; value: number } | { ok: false; reason: string } {
  const trimmed = text.trim();
  const plain = GROUPED.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  if (!WHOLE.test(plain)) {
    return {
      ok: false,
      reason: /^-?\d*\.\d+$|^-?\d+$/.test(plain)
        ? `the quantity ${trimmed} is not a whole number of 0 or more.`
        : `the quantity ${trimmed} is not a number.`,
    };
  }
  const value = Number(plain.split('.')[0]);
  return value > MAX_LINE_QUANTITY
    ? { ok: false, reason: `the quantity ${trimmed} is more than 1,000,000.` }
    : { ok: true, value };
}

/** "0.125" → "12.5": a fraction's digits moved two places, without floating-point error. */
export function fractionToPercentText(text: string): string {
  const [whole = '0', decimals = ''] = text.split('.');
  const digits = `${whole}${decimals.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return rest === '' ? integer : `${integer}.${rest}`;
}

/**
 * A workbook's percent-formatted discount column stores 12.5 % as 0.125: a column whose numbers
 * all lie between 0 and 1, one of them a fraction, is read that way (and the preview says so).
 */
function readsAsFractions(table: LineImportTable, column: number): boolean {
  if (table.origin !== 'xlsx' || column < 0) return false;
  const values = table.rows.map((row) => row.cells[column]?.trim() ?? '').filter(Boolean);
  return (
    values.length > 0 &&
    values.every((value) => DECIMAL.test(value) && Number(value) <= 1) &&
    values.some((value) => Number(value) > 0 && Number(value) < 1)
  );
}

function readDiscount(text: string, asFraction: boolean) {
  const trimmed = text.trim().replace(/\s*%$/, '');
  const percent = asFraction && DECIMAL.test(trimmed) ? fractionToPercentText(trimmed) : trimmed;
  if (!PERCENT.test(percent) || Number(percent) > 100) {
    return {
      ok: false as const,
      reason: `the discount ${text.trim()} is not a percentage between 0 and 100 with at most 2 decimals.`,
    };
  }
  return { ok: true as const, value: percent.replace(/^0+(?=\d)/, '') };
}

/**
 * The table's rows as lines, or each row's problems. Rows with nothing in a mapped column are
 * left out; a quote of `years` contract years takes year columns up to that year.
 */
export function readImportRows(
  table: LineImportTable,
  mapping: LineImportMapping,
  options: { years: number },
): ReadRowsResult {
  const { headers } = table;
  const mappingIssues = mappingProblems(headers, mapping, options.years, table.header_row ?? 1);
  if (mappingIssues.length > 0) {
    return { rows: [], rowsRead: 0, problems: mappingIssues, notes: [] };
  }

  const columnOf = (field: LineImportField) => mapping.indexOf(field);
  const skuColumn = columnOf('sku');
  const quantityColumn = columnOf('quantity');
  const yearColumns = Array.from({ length: options.years }, (_, i) =>
    columnOf(`year_${i + 1}` as LineImportField),
  );
  const discountColumn = columnOf('discount');
  const haColumn = columnOf('high_availability');
  const bundleColumn = columnOf('bundle');
  const discountAsFraction = readsAsFractions(table, discountColumn);
  const mappedColumns = mapping.flatMap((field, index) => (field === null ? [] : [index]));

  const rows: ReadRow[] = [];
  const problems: LineImportProblem[] = [];
  let rowsRead = 0;
  for (const { row, cells } of table.rows) {
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
    if (mappedColumns.every((index) => cell(index) === '')) continue;
    rowsRead += 1;
    const rowProblems: LineImportProblem[] = [];
    const problem = (index: number, reason: string) =>
      rowProblems.push({
        row,
        column: index < 0 ? null : columnLetter(index),
        message: `Row ${row}: ${reason}`,
      });

    const sku = cell(skuColumn).toUpperCase();
    if (sku === '') problem(skuColumn, 'the SKU is empty.');
    else if (sku.length > 60) problem(skuColumn, 'the SKU is longer than 60 characters.');

    let quantity: ReadQuantity | null = null;
    if (quantityColumn >= 0) {
      const text = cell(quantityColumn);
      const read = text === '' ? null : readQuantity(text);
      if (read === null) problem(quantityColumn, 'the quantity is empty.');
      else if (!read.ok) problem(quantityColumn, read.reason);
      else quantity = { kind: 'single', value: read.value };
    } else {
      const values: number[] = [];
      yearColumns.forEach((index, year) => {
        const text = cell(index);
        const read = text === '' ? { ok: true as const, value: 0 } : readQuantity(text);
        if (!read.ok)
          problem(index, read.reason.replace('the quantity', `the year ${year + 1} quantity`));
        else values.push(read.value);
      });
      if (values.length === yearColumns.length) {
        if (values.every((value) => value === 0)) {
          problem(yearColumns.find((index) => index >= 0) ?? -1, 'every year’s quantity is 0.');
        } else {
          quantity = { kind: 'years', values };
        }
      }
    }

    let discount: string | null = null;
    if (cell(discountColumn) !== '') {
      const read = readDiscount(cell(discountColumn), discountAsFraction);
      if (read.ok) discount = read.value;
      else problem(discountColumn, read.reason);
    }

    let highAvailability: boolean | null = null;
    const haText = cell(haColumn).toLowerCase();
    if (haColumn >= 0 && haText !== '') {
      if (YES.has(haText)) highAvailability = true;
      else if (NO.has(haText)) highAvailability = false;
      else problem(haColumn, `high availability is yes or no, not “${cell(haColumn)}”.`);
    }

    const bundle = cell(bundleColumn).toUpperCase();
    if (rowProblems.length > 0 || quantity === null) {
      problems.push(...rowProblems);
      continue;
    }
    rows.push({ row, sku, quantity, discount, highAvailability, bundle: bundle || null });
  }
  const notes = discountAsFraction
    ? ['Discounts were read as the workbook stores percentages: 0.125 is 12.5 %.']
    : [];
  return { rows, rowsRead, problems, notes };
}

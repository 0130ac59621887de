import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  listCurrencyCodes,
  listPriceRowsOf,
  lockSkus,
  type PriceRow,
} from './catalog-admin.repository.ts';
import { applyPricePlan } from './apply-price-plan.ts';
import { pastDateMessage, unknownCurrencyMessage } from './change-price.ts';
import { parseCsv, type CsvRecord } from '../../lib/csv.ts';
import { laterPriceMessage, planPriceChanges, type PriceChange } from './price-change-plan.ts';
import { parseUnitPrice } from './price-text.ts';
import { dayOf } from './today.ts';

/** The columns an import reads, in the order the messages name them. */
export const IMPORT_COLUMNS = ['sku', 'currency', 'unit_price', 'effective_from'] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Columns of the export that the import accepts and ignores, so an export imports back. */
const IGNORED_COLUMNS = new Set(['effective_to']);

export const MAX_IMPORT_ROWS = 50_000;
/** A file with more problems lists this many: the first ones show what is wrong. */
export const MAX_REPORTED_PROBLEMS = 1000;

/** One thing wrong with the file: its row as a spreadsheet numbers it (the header is row 1). */
export interface ImportProblem {
  row: number;
  /** The column the problem is in; null for the row as a whole. */
  column: string | null;
  message: string;
}

interface PriceLine {
  row: number;
  sku: string;
  currencyCode: string;
  unitPriceMinor: number;
  effectiveFrom: string;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const COLUMN_LIST = IMPORT_COLUMNS.join(', ');

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The 400 that says what is wrong with the file: nothing of it was imported. */
export function importRefused(problems: readonly ImportProblem[]): AppError {
  const columnRank = (column: string | null) =>
    column === null ? -1 : IMPORT_COLUMNS.indexOf(column as ImportColumn);
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
  return new AppError('VALIDATION_FAILED', message, {
    details: listed.map((p) => ({
      path: `row.${p.row}${p.column ? `.${p.column}` : ''}`,
      row: p.row,
      column: p.column,
      message: p.message,
    })),
  });
}

/** Which field of a record holds each column; problems with the header row otherwise. */
function readHeader(header: CsvRecord): Map<ImportColumn, number> | ImportProblem[] {
  const names = header.fields.map((field) => field.trim().toLowerCase());
  const problems: ImportProblem[] = [];
  const positions = new Map<ImportColumn, number>();
  names.forEach((name, index) => {
    const column = IMPORT_COLUMNS.find((c) => c === name);
    if (column) {
      if (positions.has(column)) {
        problems.push({ row: header.row, column, message: `The column ${column} appears twice.` });
      }
      positions.set(column, index);
    } else if (name !== '' && !IGNORED_COLUMNS.has(name)) {
      problems.push({
        row: header.row,
        column: null,
        message: `Unknown column “${header.fields[index]?.trim()}”: the columns are ${COLUMN_LIST}.`,
      });
    }
  });
  for (const column of IMPORT_COLUMNS) {
    if (!positions.has(column)) {
      problems.push({
        row: header.row,
        column,
        message: `The first row must name the columns ${COLUMN_LIST}: ${column} is missing.`,
      });
    }
  }
  return problems.length > 0 ? problems : positions;
}

const isBlank = (record: CsvRecord) => record.fields.every((field) => field.trim() === '');

/** Checks one row's values on their own; the line it stands for when they are all good. */
function readLine(
  record: CsvRecord,
  positions: Map<ImportColumn, number>,
  headerWidth: number,
  context: { currencies: ReadonlySet<string>; currencyList: string[]; today: string },
  problems: ImportProblem[],
): PriceLine | null {
  const { row, fields } = record;
  const extra = fields.slice(headerWidth);
  if (fields.length < headerWidth || extra.some((field) => field.trim() !== '')) {
    problems.push({
      row,
      column: null,
      message: `This row has ${plural(fields.length, 'value', 'values')}; the header names ${headerWidth} columns. A value with a comma needs double quotes.`,
    });
    return null;
  }
  const value = (column: ImportColumn) => (fields[positions.get(column) ?? -1] ?? '').trim();
  const before = problems.length;
  const fail = (column: ImportColumn, message: string) => problems.push({ row, column, message });

  const sku = value('sku').toUpperCase();
  if (sku === '') fail('sku', 'Enter the SKU.');

  const currencyCode = value('currency').toUpperCase();
  if (currencyCode === '') fail('currency', 'Enter the currency, such as USD.');
  else if (!/^[A-Z]{3}$/.test(currencyCode)) {
    fail('currency', 'A currency is a three-letter ISO code such as USD.');
  } else if (!context.currencies.has(currencyCode)) {
    fail('currency', unknownCurrencyMessage(currencyCode, context.currencyList));
  }

  const price = parseUnitPrice(value('unit_price'), currencyCode || 'any currency');
  if (!price.isValid) fail('unit_price', price.message);

  const effectiveFrom = value('effective_from');
  if (effectiveFrom === '') fail('effective_from', 'Enter the first day of the price.');
  else if (!isRealDate(effectiveFrom)) {
    fail('effective_from', `“${effectiveFrom}” is not a date: dates look like 2027-01-01.`);
  } else if (effectiveFrom < context.today) {
    fail('effective_from', pastDateMessage(context.today));
  }

  if (problems.length > before || !price.isValid) return null;
  return { row, sku, currencyCode, unitPriceMinor: price.minor, effectiveFrom };
}

/**
 * Imports a price list (CSV: sku, currency, unit_price, effective_from, a header first). Every
 * row is checked, against the catalogue too, before anything changes: one bad row and nothing is
 * imported, and the answer lists each problem by row and column. A good file is applied in one
 * transaction, each row as a price change (decision 010).
 */
export async function importPrices(
  db: Database,
  userId: string | null,
  text: string,
  now: Date = new Date(),
) {
  const today = dayOf(now);
  const parsed = parseCsv(text);
  const problems: ImportProblem[] = parsed.problems.map((p) => ({ ...p, column: null }));
  const badRows = new Set(problems.map((p) => p.row));

  const header = parsed.records.find((record) => !isBlank(record));
  if (!header) {
    throw importRefused([
      {
        row: 1,
        column: null,
        message: `The file is empty: its first row names the columns ${COLUMN_LIST}.`,
      },
    ]);
  }
  const positions = readHeader(header);
  if (Array.isArray(positions)) throw importRefused(positions);
  const records = parsed.records.filter((r) => r.row > header.row && !isBlank(r));
  if (records.length === 0) {
    throw importRefused([
      { row: header.row, column: null, message: 'The file has no price rows under its header.' },
    ]);
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw importRefused([
      {
        row: header.row,
        column: null,
        message: `The file has ${plural(records.length, 'row', 'rows')}; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} import at once. Split it into parts.`,
      },
    ]);
  }

  return db.transaction(async (tx) => {
    const currencyList = await listCurrencyCodes(tx);
    const context = { currencies: new Set(currencyList), currencyList, today };
    const lines: PriceLine[] = [];
    for (const record of records) {
      if (badRows.has(record.row)) continue;
      const line = readLine(record, positions, header.fields.length, context, problems);
      if (line) lines.push(line);
    }

    // The same SKU, currency and day twice: which price was meant?
    const firstRowOf = new Map<string, number>();
    const unique: PriceLine[] = [];
    for (const line of lines) {
      const key = `${line.sku}\u0000${line.currencyCode}\u0000${line.effectiveFrom}`;
      const first = firstRowOf.get(key);
      if (first === undefined) {
        firstRowOf.set(key, line.row);
        unique.push(line);
      } else {
        problems.push({
          row: line.row,
          column: 'effective_from',
          message: `Row ${first} already sets the ${line.currencyCode} price of ${line.sku} from ${line.effectiveFrom}.`,
        });
      }
    }

    const found = new Map(
      (
        await lockSkus(
          tx,
          unique.map((l) => l.sku),
        )
      ).map((s) => [s.sku, s]),
    );
    const known = unique.filter((line) => {
      if (found.has(line.sku)) return true;
      problems.push({ row: line.row, column: 'sku', message: `There is no SKU ${line.sku}.` });
      return false;
    });

    const existing = new Map<string, PriceRow[]>();
    for (const row of await listPriceRowsOf(tx, [...found.keys()])) {
      const key = `${row.sku}\u0000${row.currencyCode}`;
      existing.set(key, [...(existing.get(key) ?? []), row]);
    }
    const groups = new Map<string, { sku: string; currencyCode: string; lines: PriceLine[] }>();
    for (const line of known) {
      const key = `${line.sku}\u0000${line.currencyCode}`;
      const group = groups.get(key) ?? {
        sku: line.sku,
        currencyCode: line.currencyCode,
        lines: [],
      };
      group.lines.push(line);
      groups.set(key, group);
    }
    const plans = [...groups.entries()].map(([key, group]) => {
      const rows = existing.get(key) ?? [];
      const changes: PriceChange<number>[] = group.lines.map((line) => ({
        key: line.row,
        unitPriceMinor: line.unitPriceMinor,
        effectiveFrom: line.effectiveFrom,
      }));
      const plan = planPriceChanges(rows, changes);
      for (const conflict of plan.conflicts) {
        problems.push({
          row: conflict.key,
          column: 'effective_from',
          message: laterPriceMessage(conflict.laterFrom),
        });
      }
      return { group, plan };
    });

    if (problems.length > 0) throw importRefused(problems);

    for (const { group, plan } of plans) {
      await applyPricePlan(
        tx,
        { sku: group.sku, currencyCode: group.currencyCode, userId, now },
        plan,
      );
    }
    return {
      imported: known.length,
      skuCount: found.size,
      replaced: plans.reduce((n, { plan }) => n + plan.replaced.length, 0),
    };
  });
}

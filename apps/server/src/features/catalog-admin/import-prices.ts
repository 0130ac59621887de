import type { Database } from '@bastion/db/client';
import { listPriceRowsOf, lockSkus, type PriceRow } from './catalog-admin.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { applyPricePlan } from './apply-price-plan.ts';
import { pastDateMessage, unknownCurrencyMessage } from './change-price.ts';
import { importRefused, readCsvTable, type CsvImportShape } from '../../lib/csv-import.ts';
import { readLines, withoutRepeats, type RowCells } from '../../core/pricing/price-file-lines.ts';
import { laterPriceMessage, planPriceChanges, type PriceChange } from './price-change-plan.ts';
import { parseUnitPrice } from './price-text.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** The columns an import reads, in the order the messages name them. */
export const IMPORT_COLUMNS = ['sku', 'currency', 'unit_price', 'effective_from'] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const PRICE_FILE: CsvImportShape<ImportColumn> = {
  columns: IMPORT_COLUMNS,
  // The export's effective_to is accepted and ignored, so an export imports back.
  ignored: new Set(['effective_to']),
  rowsName: 'price rows',
};

interface PriceLine {
  row: number;
  sku: string;
  currencyCode: string;
  unitPriceMinor: number;
  effectiveFrom: string;
}

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Checks one row's values on their own; the line it stands for when they are all good. */
function readLine(
  { value, fail }: RowCells<ImportColumn>,
  context: { currencies: ReadonlySet<string>; currencyList: string[]; today: string },
): Omit<PriceLine, 'row'> | null {
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

  if (!price.isValid) return null;
  return { sku, currencyCode, unitPriceMinor: price.minor, effectiveFrom };
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
  const today = isoDayOf(now);
  const table = readCsvTable(text, PRICE_FILE);
  const { problems } = table;

  return db.transaction(async (tx) => {
    const currencyList = await listCurrencyCodes(tx);
    const context = { currencies: new Set(currencyList), currencyList, today };
    const lines = readLines(table, (cells) => readLine(cells, context));
    // The same SKU, currency and day twice: which price was meant?
    const unique = withoutRepeats(
      lines,
      (line) => `${line.sku}\u0000${line.currencyCode}\u0000${line.effectiveFrom}`,
      (line, first) => ({
        row: line.row,
        column: 'effective_from',
        message: `Row ${first} already sets the ${line.currencyCode} price of ${line.sku} from ${line.effectiveFrom}.`,
      }),
      problems,
    );

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

    if (problems.length > 0) throw importRefused(problems, IMPORT_COLUMNS);

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

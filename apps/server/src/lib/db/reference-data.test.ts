import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencyRates } from '@bastion/db/schema/catalog';
import { useTestApp } from '../../test/test-bed.ts';
import { readReferenceVersion, referenceReader } from './reference-data.ts';

const ctx = useTestApp();

/** The tables pricing (pricing-inputs.ts), terms (quote-terms.ts) and forms keep per version. */
const KEPT_TABLES = [
  'bundle_components',
  'bundle_features',
  'currency_rates',
  'discount_schedule_tiers',
  'discount_schedules',
  'lookup_values',
  'mc_cost_lookups',
  'mc_duration_depreciation',
  'mc_hw_sku_costs',
  'mc_markups',
  'mc_support_cases',
  'partner_discounts',
  'price_book_entries',
  'price_books',
  'product_rules',
  'sku_discount_schedules',
  'sku_price_blocks',
  'sku_pricing_methods',
  'sku_prices',
  'sku_volume_tiers',
  'skus',
  'term_discounts',
  'terms_clause_rules',
  'terms_clauses',
];

/** A reader's loads counted, so a test sees whether a value came from the database or was kept. */
function countingLoad<T>(value: () => Promise<T>) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

const usdRate = () =>
  ctx.db
    .select({ rate: currencyRates.unitsPerUsd })
    .from(currencyRates)
    .where(eq(currencyRates.currencyCode, 'EUR'))
    .then(([row]) => row?.rate);

describe('the reference data kept per version (decision 034)', () => {
  it('every table kept is watched: a change to it gives the data a new version', async () => {
    const watched: unknown = await ctx.db.execute(sql`
      select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname like '%_bumps_reference_version' order by 1`);
    const names = (watched as { rows: { name: string }[] }).rows.map((r) => r.name);
    // Sorted here: the database's collation orders names with underscores its own way.
    expect(names.toSorted()).toEqual(KEPT_TABLES.toSorted());

    for (const table of KEPT_TABLES) {
      const before = await readReferenceVersion(ctx.db);
      // A statement that touches no row still names the table: the trigger runs per statement.
      await ctx.db.execute(sql`delete from ${sql.identifier(table)} where false`);
      expect(await readReferenceVersion(ctx.db), table).not.toBe(before);
    }
  });

  it('is read once while nothing changes, and again after a change', async () => {
    const load = countingLoad(usdRate);
    const first = await (await referenceReader(ctx.db)).get('test-eur-rate', load);
    const again = await (await referenceReader(ctx.db)).get('test-eur-rate', load);
    expect(again).toBe(first);
    expect(load.calls).toBe(1);

    const original = first ?? '1';
    await ctx.db
      .update(currencyRates)
      .set({ unitsPerUsd: '0.5' })
      .where(eq(currencyRates.currencyCode, 'EUR'));
    try {
      const changed = await usdRate();
      expect(changed).not.toBe(original);
      expect(await (await referenceReader(ctx.db)).get('test-eur-rate', load)).toBe(changed);
      expect(load.calls).toBe(2);
    } finally {
      await ctx.db
        .update(currencyRates)
        .set({ unitsPerUsd: original })
        .where(eq(currencyRates.currencyCode, 'EUR'));
    }
  });

  it('keeps nothing of a change that is rolled back', async () => {
    const load = countingLoad(usdRate);
    const before = await (await referenceReader(ctx.db)).get('test-eur-rate-rollback', load);
    let seenInside: string | undefined;
    await ctx.db
      .transaction(async (tx) => {
        await tx
          .update(currencyRates)
          .set({ unitsPerUsd: '0.25' })
          .where(eq(currencyRates.currencyCode, 'EUR'));
        seenInside = await (
          await referenceReader(tx)
        ).get('test-eur-rate-rollback', () =>
          tx
            .select({ rate: currencyRates.unitsPerUsd })
            .from(currencyRates)
            .where(eq(currencyRates.currencyCode, 'EUR'))
            .then(([row]) => row?.rate),
        );
        tx.rollback();
      })
      .catch(() => undefined);
    // Inside, the transaction's own change; after the rollback, the value from before again.
    expect(Number(seenInside)).toBe(0.25);
    const after = await (await referenceReader(ctx.db)).get('test-eur-rate-rollback', load);
    expect(after).toBe(before);
    expect(await usdRate()).toBe(before);
  });

  it('keeps codes by kind, absent ones too, and loads only the codes not kept', async () => {
    const asked: string[][] = [];
    const load = (missing: string[]) => {
      asked.push(missing);
      return Promise.resolve(
        new Map(missing.filter((c) => c !== 'NOPE').map((c) => [c, c.toLowerCase()])),
      );
    };
    const reader = await referenceReader(ctx.db);
    const kind = `test-${Date.now()}`;
    expect([...(await reader.getMany(kind, ['A', 'B', 'NOPE'], load))]).toEqual([
      ['A', 'a'],
      ['B', 'b'],
    ]);
    expect([...(await reader.getMany(kind, ['B', 'C', 'NOPE', 'C'], load))]).toEqual([
      ['B', 'b'],
      ['C', 'c'],
    ]);
    expect(asked).toEqual([['A', 'B', 'NOPE'], ['C']]);
  });
});

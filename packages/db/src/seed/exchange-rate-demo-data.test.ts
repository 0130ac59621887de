import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { currencyRates } from '../schema/catalog.ts';
import { currencyRateHistory } from '../schema/pricing.ts';
import {
  DEMO_PAST_RATES,
  DEMO_RATE_NOTE,
  FIRST_RATE_NOTE,
  seedExchangeRateDemoData,
} from './exchange-rate-demo-data.ts';

describe('the demo exchange-rate history', () => {
  let handle: DatabaseHandle;
  const loadedAt = new Date('2025-11-03T09:00:00Z');

  beforeAll(async () => {
    handle = await openDatabase({ engine: 'pglite', dataDir: null });
    await handle.migrate();
    await handle.db.insert(currencyRates).values(
      (
        [
          ['USD', '1.000000'],
          ['EUR', '0.920000'],
          ['GBP', '0.790000'],
          ['JPY', '151.500000'],
          ['AUD', '1.520000'],
        ] as const
      ).map(([currencyCode, unitsPerUsd]) => ({ currencyCode, unitsPerUsd, updatedAt: loadedAt })),
    );
  }, 120_000);
  afterAll(() => handle.close());

  const history = () =>
    handle.db
      .select()
      .from(currencyRateHistory)
      .orderBy(asc(currencyRateHistory.currencyCode), asc(currencyRateHistory.effectiveFrom));

  it('ends each history at the rate in use, from the day it was put in use, once', async () => {
    await seedExchangeRateDemoData(handle.db);
    const rows = await history();
    const rates = await handle.db.select().from(currencyRates);
    for (const { currencyCode, unitsPerUsd } of rates.filter((r) => r.currencyCode !== 'USD')) {
      const own = rows.filter((row) => row.currencyCode === currencyCode);
      expect(own.at(-1)).toMatchObject({ unitsPerUsd, effectiveFrom: '2025-11-03' });
      expect(own).toHaveLength((DEMO_PAST_RATES[currencyCode]?.length ?? 0) + 1);
    }
    expect(rows.filter((row) => row.currencyCode === 'EUR').map((row) => row.note)).toEqual(
      Array(4).fill(DEMO_RATE_NOTE),
    );
    // Another currency gets the one row the migration gave existing databases; USD none.
    expect(rows.filter((row) => row.currencyCode === 'AUD').map((row) => row.note)).toEqual([
      FIRST_RATE_NOTE,
    ]);
    expect(rows.some((row) => row.currencyCode === 'USD')).toBe(false);

    // Seeding again, after someone entered a rate, changes nothing.
    await handle.db.insert(currencyRateHistory).values({
      currencyCode: 'EUR',
      unitsPerUsd: '0.950000',
      effectiveFrom: '2026-01-05',
    });
    const before = await history();
    await seedExchangeRateDemoData(handle.db);
    expect(await history()).toEqual(before);
  });
});

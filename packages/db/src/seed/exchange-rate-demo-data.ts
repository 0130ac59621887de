import { eq, ne } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { currencyRates } from '../schema/catalog.ts';
import { currencyRateHistory } from '../schema/pricing.ts';
import { users } from '../schema/users.ts';

/*
 * The demo's exchange-rate history (issue 35): a few believable past rates of EUR, GBP and JPY,
 * each ending at the rate the catalogue seed put in use (currency_rates), on the day it put it
 * there, so no price or quote changes. Every other currency in use gets that one row, as the
 * migration that began the history gave existing databases. Seeded once per currency: one that
 * has any history is left alone, so rates entered while trying the product stay as they are.
 */

/** The finance demo account, who entered the past rates. */
const ENTERED_BY = 'approver@bastion.test';

export const DEMO_RATE_NOTE = 'Month-end treasury rate';
export const FIRST_RATE_NOTE = 'Rate in use when rate history began';

/** Units per USD before the rate in use, oldest first: roughly the markets of those days. */
export const DEMO_PAST_RATES: Readonly<Record<string, readonly [day: string, rate: string][]>> = {
  EUR: [
    ['2024-11-04', '0.937500'],
    ['2025-03-03', '0.962400'],
    ['2025-07-07', '0.851900'],
  ],
  GBP: [
    ['2024-11-04', '0.772600'],
    ['2025-03-03', '0.795800'],
    ['2025-07-07', '0.733200'],
  ],
  JPY: [
    ['2024-11-04', '152.350000'],
    ['2025-03-03', '150.120000'],
    ['2025-07-07', '144.870000'],
  ],
};

/** A day's rate as entered: at 09:00 UTC, the treasury's morning. */
const enteredAt = (day: string) => new Date(`${day}T09:00:00Z`);

export async function seedExchangeRateDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const inUse = await tx
      .select()
      .from(currencyRates)
      .where(ne(currencyRates.currencyCode, 'USD'));
    const withHistory = new Set(
      (
        await tx
          .selectDistinct({ code: currencyRateHistory.currencyCode })
          .from(currencyRateHistory)
      ).map((row) => row.code),
    );
    const [finance] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ENTERED_BY));
    const rows: (typeof currencyRateHistory.$inferInsert)[] = [];
    for (const current of inUse) {
      if (withHistory.has(current.currencyCode)) continue;
      const since = current.updatedAt.toISOString().slice(0, 10);
      const past = (DEMO_PAST_RATES[current.currencyCode] ?? []).filter(([day]) => day < since);
      for (const [day, unitsPerUsd] of past) {
        rows.push({
          currencyCode: current.currencyCode,
          unitsPerUsd,
          effectiveFrom: day,
          note: DEMO_RATE_NOTE,
          createdBy: finance?.id ?? null,
          createdAt: enteredAt(day),
        });
      }
      rows.push({
        currencyCode: current.currencyCode,
        unitsPerUsd: current.unitsPerUsd,
        effectiveFrom: since,
        note: past.length > 0 ? DEMO_RATE_NOTE : FIRST_RATE_NOTE,
        createdBy: past.length > 0 ? (finance?.id ?? null) : null,
        createdAt: current.updatedAt,
      });
    }
    // Another instance starting at the same time may have written them first.
    if (rows.length > 0) await tx.insert(currencyRateHistory).values(rows).onConflictDoNothing();
  });
}

import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { currencyRates } from '@bastion/db/schema/catalog';
import { currencyRateHistory } from '@bastion/db/schema/pricing';
import { users } from '@bastion/db/schema/users';
import { chunksOf, firstOrNull } from '../../lib/db/queries.ts';

/* Queries of the exchange rates: the history (currency_rate_history) and the rate in use. */

export type RateHistoryRow = typeof currencyRateHistory.$inferSelect;
export type CurrentRateRow = typeof currencyRates.$inferSelect;

/**
 * Rate changes take turns: whether a new row is the one in effect holds only while nobody else
 * adds one. Readers (pricing, reports, the list) are not blocked.
 */
export async function lockRateHistory(db: Database): Promise<void> {
  await db.execute(sql`lock table ${currencyRateHistory} in share row exclusive mode`);
}

/** The rates in use today, one per currency: what pricing and reports read. */
export function listCurrentRates(db: Database): Promise<CurrentRateRow[]> {
  return db.select().from(currencyRates).orderBy(asc(currencyRates.currencyCode));
}

export function findCurrentRate(db: Database, code: string): Promise<CurrentRateRow | null> {
  return firstOrNull(db.select().from(currencyRates).where(eq(currencyRates.currencyCode, code)));
}

/** Sets the rate in use for a currency, adding the currency when it has none. */
export async function saveCurrentRate(
  db: Database,
  code: string,
  unitsPerUsd: string,
  now: Date,
): Promise<void> {
  await db
    .insert(currencyRates)
    .values({ currencyCode: code, unitsPerUsd, updatedAt: now })
    .onConflictDoUpdate({
      target: currencyRates.currencyCode,
      set: { unitsPerUsd, updatedAt: now },
    });
}

/**
 * The latest `perCurrency` rates of every currency, newest first, with who entered each and how
 * many the currency has in all.
 */
export async function listRecentHistory(db: Database, perCurrency: number) {
  const ranked = db
    .select({
      id: currencyRateHistory.id,
      currencyCode: currencyRateHistory.currencyCode,
      unitsPerUsd: currencyRateHistory.unitsPerUsd,
      effectiveFrom: currencyRateHistory.effectiveFrom,
      note: currencyRateHistory.note,
      createdAt: currencyRateHistory.createdAt,
      enteredByEmail: users.email,
      rank: sql<number>`(row_number() over (partition by ${currencyRateHistory.currencyCode} order by ${currencyRateHistory.effectiveFrom} desc))::int`.as(
        'rank',
      ),
      total:
        sql<number>`(count(*) over (partition by ${currencyRateHistory.currencyCode}))::int`.as(
          'total',
        ),
    })
    .from(currencyRateHistory)
    .leftJoin(users, eq(users.id, currencyRateHistory.createdBy))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perCurrency))
    .orderBy(asc(ranked.currencyCode), desc(ranked.effectiveFrom));
}

/** Every rate of these currencies (for a change to check against). */
export function listHistoryOf(db: Database, codes: readonly string[]): Promise<RateHistoryRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(currencyRateHistory)
    .where(inArray(currencyRateHistory.currencyCode, [...codes]))
    .orderBy(asc(currencyRateHistory.currencyCode), desc(currencyRateHistory.effectiveFrom));
}

/** Every rate, by currency and day, with who entered it: the CSV export. */
export function listHistoryForExport(db: Database) {
  return db
    .select({ rate: currencyRateHistory, enteredByEmail: users.email })
    .from(currencyRateHistory)
    .leftJoin(users, eq(users.id, currencyRateHistory.createdBy))
    .orderBy(asc(currencyRateHistory.currencyCode), asc(currencyRateHistory.effectiveFrom));
}

export async function insertHistoryRows(
  db: Database,
  rows: readonly (typeof currencyRateHistory.$inferInsert)[],
): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    await db.insert(currencyRateHistory).values(chunk);
  }
}

/** Puts a new rate in place of a day's rate: who entered it and when are the new rate's. */
export async function replaceHistoryRow(
  db: Database,
  key: { currencyCode: string; effectiveFrom: string },
  change: Pick<RateHistoryRow, 'unitsPerUsd' | 'note' | 'createdBy' | 'createdAt'>,
): Promise<void> {
  await db
    .update(currencyRateHistory)
    .set(change)
    .where(
      and(
        eq(currencyRateHistory.currencyCode, key.currencyCode),
        eq(currencyRateHistory.effectiveFrom, key.effectiveFrom),
      ),
    );
}

import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { crmProductWrites } from '@bastion/db/schema/crm-writes';
import { quotes, type QuoteRow } from '@bastion/db/schema/quotes';

/*
 * Issue 37 (part 6, docs/decisions/044): which opportunities are owed their primary quote's lines
 * as products, and how the last write of each went.
 */

/** The quote's lines are owed to its opportunity (call in the transaction that changed them). */
export async function markProductsDue(tx: Database, quote: QuoteRow): Promise<void> {
  if (quote.opportunityId === null) return;
  await tx
    .insert(crmProductWrites)
    .values({
      opportunityId: quote.opportunityId,
      quoteId: quote.id,
      dueVersion: quote.version,
      state: 'pending',
    })
    .onConflictDoUpdate({
      target: crmProductWrites.opportunityId,
      set: {
        quoteId: quote.id,
        dueVersion: quote.version,
        state: 'pending',
        updatedAt: sql`now()`,
      },
    });
}

export type ClaimedProductWrite = { quoteId: string; dueVersion: number };

/**
 * Holds the opportunity's write for one writer until `until`: null when nothing is owed or
 * another writer (on this instance or another) holds it.
 */
export async function claimProductWrite(
  db: Database,
  opportunityId: string,
  now: Date,
  until: Date,
): Promise<ClaimedProductWrite | null> {
  const [claimed] = await db
    .update(crmProductWrites)
    .set({ claimedUntil: until, lastAttemptAt: now })
    .where(
      and(
        eq(crmProductWrites.opportunityId, opportunityId),
        ne(crmProductWrites.state, 'written'),
        or(isNull(crmProductWrites.claimedUntil), lt(crmProductWrites.claimedUntil, now)),
      ),
    )
    .returning({ quoteId: crmProductWrites.quoteId, dueVersion: crmProductWrites.dueVersion });
  return claimed ?? null;
}

/**
 * The claimed write went through: written, unless the quote changed (or another became primary)
 * meanwhile, when it stays pending for another round. Answers whether it is written.
 */
export async function recordProductsWritten(
  db: Database,
  opportunityId: string,
  claimed: ClaimedProductWrite,
  productCount: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(crmProductWrites)
    .set({
      state: sql`case when ${crmProductWrites.quoteId} = ${claimed.quoteId} and ${crmProductWrites.dueVersion} = ${claimed.dueVersion} then 'written' else 'pending' end`,
      writtenVersion: claimed.dueVersion,
      failures: 0,
      lastError: '',
      writtenAt: now,
      productCount,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(eq(crmProductWrites.opportunityId, opportunityId))
    .returning({ state: crmProductWrites.state });
  return row?.state === 'written';
}

/** The claimed write failed: it stays owed, with why, until the next change or CRM sync. */
export async function recordProductWriteFailed(
  db: Database,
  opportunityId: string,
  message: string,
  now: Date,
): Promise<void> {
  await db
    .update(crmProductWrites)
    .set({
      state: 'failed',
      failures: sql`${crmProductWrites.failures} + 1`,
      lastError: message,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(eq(crmProductWrites.opportunityId, opportunityId));
}

/** The opportunities still owed their products, oldest first. */
export async function listOwedOpportunityIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ opportunityId: crmProductWrites.opportunityId })
    .from(crmProductWrites)
    .where(ne(crmProductWrites.state, 'written'))
    .orderBy(asc(crmProductWrites.updatedAt));
  return rows.map((row) => row.opportunityId);
}

/** For the CRM admin page: the writes still owed, with the quote and opportunity they concern. */
export async function listOpenProductWrites(db: Database) {
  return db
    .select({
      opportunityId: crmProductWrites.opportunityId,
      opportunityName: crmOpportunities.name,
      quoteId: crmProductWrites.quoteId,
      quoteNumber: quotes.quoteNumber,
      state: crmProductWrites.state,
      failures: crmProductWrites.failures,
      lastError: crmProductWrites.lastError,
      lastAttemptAt: crmProductWrites.lastAttemptAt,
    })
    .from(crmProductWrites)
    .innerJoin(quotes, eq(quotes.id, crmProductWrites.quoteId))
    .innerJoin(crmOpportunities, eq(crmOpportunities.id, crmProductWrites.opportunityId))
    .where(ne(crmProductWrites.state, 'written'))
    .orderBy(asc(crmProductWrites.updatedAt));
}

export async function findQuoteRow(db: Database, quoteId: string): Promise<QuoteRow | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  return row ?? null;
}

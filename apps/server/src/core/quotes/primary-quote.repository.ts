import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quotes, type QuoteRow } from '@bastion/db/schema/quotes';
import { isUniqueViolation } from '../../lib/db/unique-violation.ts';
import { announceProductsDue } from '../crm-products/products-due.ts';
import { markProductsDue } from '../crm-products/product-writes.repository.ts';

/*
 * Issue 37 (decision 043): an opportunity's primary quote, the one whose amount and lines (as
 * opportunity products, decision 044) the CRM gets. At most one per opportunity (a unique index);
 * the first quote made on an opportunity that has none becomes it.
 */

/** Makes the new quote its opportunity's primary if it has none; whether it is now. */
export async function claimPrimaryIfNone(db: Database, quote: QuoteRow): Promise<boolean> {
  const opportunityId = quote.opportunityId;
  if (opportunityId === null) return false;
  try {
    const rows = await db
      .update(quotes)
      .set({ isPrimary: true })
      .where(
        and(
          eq(quotes.id, quote.id),
          sql`not exists (select 1 from ${quotes} p where p.opportunity_id = ${opportunityId} and p.is_primary)`,
        ),
      )
      .returning({ id: quotes.id });
    if (rows.length === 0) return false;
    await markProductsDue(db, quote);
    announceProductsDue(db, opportunityId);
    return true;
  } catch (error) {
    // Another quote of the opportunity claimed it at the same moment: it is that one.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Makes the quote its opportunity's primary, the previous one no longer (call in a transaction),
 * and owes the CRM its lines: the caller announces them (announceProductsDue) once committed.
 */
export async function makePrimary(tx: Database, quote: QuoteRow): Promise<void> {
  if (quote.opportunityId === null) return;
  await tx
    .update(quotes)
    .set({ isPrimary: false })
    .where(
      and(
        eq(quotes.opportunityId, quote.opportunityId),
        eq(quotes.isPrimary, true),
        ne(quotes.id, quote.id),
      ),
    );
  await tx.update(quotes).set({ isPrimary: true }).where(eq(quotes.id, quote.id));
  await markProductsDue(tx, quote);
}

/** The quotes of an opportunity, oldest first, for its options and primary. */
export async function listOpportunityQuotes(db: Database, opportunityId: string) {
  return db
    .select()
    .from(quotes)
    .where(eq(quotes.opportunityId, opportunityId))
    .orderBy(quotes.createdAt, quotes.id);
}

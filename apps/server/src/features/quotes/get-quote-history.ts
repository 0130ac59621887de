import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { listQuoteHistory } from './quotes.repository.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';

/** The quote's timeline, newest first (spec §2 quote history; can_see_history gates it). */
export async function getQuoteHistory(db: Database, caller: AuthContext, id: string) {
  const quote = await requireVisibleQuote(db, caller, id);
  const entries = await listQuoteHistory(db, quote.id);
  return {
    quote_id: quote.id,
    quote_number: quote.quoteNumber,
    quote_name: quote.quoteName,
    currency_code: quote.currencyCode,
    entries: entries.map((e) => ({
      id: e.id,
      occurred_at: e.occurredAt.toISOString(),
      action: e.action,
      version: e.version,
      actor: e.actorEmail
        ? {
            email: e.actorEmail,
            name: `${e.actorFirstName ?? ''} ${e.actorLastName ?? ''}`.trim() || e.actorEmail,
          }
        : null,
      /** The administrator who made the change acting as the actor (decision 021), or null. */
      impersonated_by: e.impersonatorEmail ?? null,
      changes: e.changes.map((c) => ({
        field: c.field,
        before: c.before ?? null,
        after: c.after ?? null,
      })),
    })),
  };
}

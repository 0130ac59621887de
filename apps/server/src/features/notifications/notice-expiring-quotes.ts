import { QUOTE_VALIDITY_DAYS } from '@bastion/domain/documents/quote-document-model';
import { addDays } from '@bastion/domain/renewals/proration';
import { EXPIRING_WITHIN_DAYS } from '@bastion/domain/notifications/kinds';
import type { AuthContext } from '../../lib/access.ts';
import { isoDayOf } from '../../lib/clock.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import { notify, type NotifyDeps } from '../../core/notifications/notify.ts';
import { findOwnOpenQuotesPricedBetween } from './expiring-quotes.repository.ts';

/** Per process, the day each user's quotes were last looked at: once a day is enough. */
const lookedAt = new WeakMap<NotifyDeps['db'], Map<string, string>>();

/**
 * A quote is valid for 30 days from its price date. The first poll of each day tells the owner
 * of every open quote whose validity ends within a week, once per quote and validity (the
 * dedupe key): no scheduler, and nothing to run when nobody is signed in.
 */
export async function noticeExpiringQuotes(
  deps: NotifyDeps & { publicUrl: string },
  caller: AuthContext,
  now: Date,
): Promise<void> {
  if (caller.impersonator !== null) return;
  const today = isoDayOf(now);
  const seen = lookedAt.get(deps.db) ?? new Map<string, string>();
  lookedAt.set(deps.db, seen);
  if (seen.get(caller.userId) === today) return;
  seen.set(caller.userId, today);
  const quotes = await findOwnOpenQuotesPricedBetween(
    deps.db,
    caller.userId,
    addDays(today, -QUOTE_VALIDITY_DAYS),
    addDays(today, EXPIRING_WITHIN_DAYS - QUOTE_VALIDITY_DAYS),
  );
  await notify(
    deps,
    'quote_expiring',
    quotes.map((quote) => {
      const validUntil = addDays(quote.priceDate, QUOTE_VALIDITY_DAYS);
      const title = `Quote ${quote.quoteNumber} expires on ${validUntil}`;
      const body = `${quote.quoteName}${quote.accountName ? ` for ${quote.accountName}` : ''}: its prices hold until ${validUntil}. Price it again (copy it) or get it accepted before then.`;
      const linkPath = targetPathOfQuote(quote);
      return {
        userId: caller.userId,
        email: caller.email,
        quoteId: quote.id,
        title,
        body,
        linkPath,
        dedupeKey: `quote_expiring:${quote.id}:${validUntil}`,
        mail: {
          purpose: 'quote_expiring',
          subject: title,
          text: `${body}\n\nOpen it: ${deps.publicUrl}${linkPath}\n`,
        },
      };
    }),
    now,
  );
}

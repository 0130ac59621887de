import type { AuthContext } from '../../lib/access.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import { FINAL_STATUS_MESSAGES, lockedMessage } from '../../core/quotes/quote-writes.repository.ts';
import type { Database } from '@bastion/db/client';

/** Saving and restoring revisions is for those who make quotes and the deal desk. */
export const mayChangeQuotes = (caller: AuthContext) =>
  caller.permissions.can_create_quote || caller.permissions.is_deal_desk_user;

export const LEGACY_RESTORE_MESSAGE =
  'A legacy quote does not change: its revisions cannot be restored.';
export const ARCHIVED_RESTORE_MESSAGE =
  'This quote is archived: take it out of the archive before restoring a revision.';

/** Why no revision of the quote can be restored now by the caller; null when one can. */
export async function restoreBlockedReason(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
): Promise<string | null> {
  if (quote.quoteType === 'LEGACY') return LEGACY_RESTORE_MESSAGE;
  if (quote.statusId === 'ARCHIVED') return ARCHIVED_RESTORE_MESSAGE;
  const final = FINAL_STATUS_MESSAGES[quote.statusId];
  if (final !== undefined) return final;
  if (quote.lockedBy !== null && quote.lockedBy !== caller.userId) {
    return lockedMessage(db, quote.lockedBy);
  }
  return null;
}

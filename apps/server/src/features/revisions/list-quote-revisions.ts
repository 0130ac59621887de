import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { quoteHeadingOf } from '../../core/quotes/quote-heading.ts';
import { listRevisions } from '../../core/revisions/revisions.repository.ts';
import { mayChangeQuotes, restoreBlockedReason } from './revision-access.ts';
import { revisionView } from './revision-views.ts';

/**
 * A quote's revisions, newest first, for whoever reads the quote (its approvers too); saving and
 * restoring are for those who may change it.
 */
export async function listQuoteRevisions(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  approverAccess: ApproverQuoteAccess | undefined,
) {
  const { quote, isQuoteUser } = await findQuoteForReader(db, caller, quoteId, approverAccess);
  const mayChange = isQuoteUser && mayChangeQuotes(caller);
  const blocked = mayChange ? await restoreBlockedReason(db, caller, quote) : null;
  const rows = await listRevisions(db, quote.id);
  return {
    quote: { ...quoteHeadingOf(quote), version: quote.version },
    revisions: rows.map(revisionView),
    can_save: mayChange,
    can_restore: mayChange && blocked === null,
    restore_blocked: blocked,
  };
}

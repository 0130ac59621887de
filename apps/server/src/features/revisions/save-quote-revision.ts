import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  quoteActorOf,
  recordQuoteEvent,
  STALE_QUOTE_MESSAGE,
} from '../../core/quotes/quote-writes.repository.ts';
import { requireQuoteForReader } from '../../core/quotes/visibility.repository.ts';
import { takeRevision } from '../../core/revisions/take-revision.ts';
import { listRevisions } from '../../core/revisions/revisions.repository.ts';
import { revisionTitle, revisionView } from './revision-views.ts';

/**
 * A seller or the deal desk names the quote as it is now ("Sent to customer 2 Dec"). The quote
 * does not change (its version stays), so nobody's open page goes stale; its history says so.
 * The version the caller saw must still be the quote's: they name what they looked at.
 */
export async function saveQuoteRevision(
  db: Database,
  caller: AuthContext,
  input: { quote_id: string; version: number; name: string },
  now = new Date(),
) {
  const quote = await requireQuoteForReader(db, caller, input.quote_id, undefined);
  if (quote.version !== input.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  const revision = await takeRevision(
    db,
    quote.id,
    {
      name: input.name,
      reason: 'SAVED',
      actorUserId: caller.userId,
      expectedVersion: input.version,
    },
    now,
  );
  await recordQuoteEvent(
    db,
    {
      ...quoteActorOf(caller),
      quoteId: quote.id,
      action: 'revision_saved',
      changes: [{ field: 'revision', before: null, after: revisionTitle(revision) }],
    },
    now,
  );
  const listed = (await listRevisions(db, quote.id)).find((row) => row.id === revision.id);
  if (!listed) throw new Error('a revision just taken is not listed');
  return { revision: revisionView(listed) };
}

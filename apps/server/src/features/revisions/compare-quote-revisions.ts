import { compareRevisions } from '@bastion/domain/revisions/compare';
import type { RevisionSnapshot } from '@bastion/domain/revisions/snapshot';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { findRevision } from '../../core/revisions/revisions.repository.ts';
import { snapshotQuote } from '../../core/revisions/take-revision.ts';
import { revisionTitle, revisionView } from './revision-views.ts';

export const NO_SUCH_REVISION = 'There is no such revision of this quote.';

/** A revision's id, or `working` for the quote as it stands. */
type Ref = string;

async function sideOf(db: Database, quote: QuoteRow, ref: Ref) {
  if (ref === 'working') {
    const { snapshot } = await snapshotQuote(db, quote);
    return { revision: null, label: `Working copy (version ${quote.version})`, snapshot };
  }
  const row = await findRevision(db, quote.id, ref);
  if (!row) throw new AppError('NOT_FOUND', NO_SUCH_REVISION);
  const snapshot: RevisionSnapshot = row.snapshot;
  return {
    revision: revisionView({ ...row, createdBy: row.createdByName }),
    label: revisionTitle(row),
    snapshot,
  };
}

/**
 * Two revisions of a quote, or a revision and the working copy, side by side: both snapshots
 * and what changed from the first to the second. Whoever reads the quote may compare.
 */
export async function compareQuoteRevisions(
  db: Database,
  caller: AuthContext,
  input: { quote_id: string; from: Ref; to: Ref },
  approverAccess: ApproverQuoteAccess | undefined,
) {
  const { quote } = await findQuoteForReader(db, caller, input.quote_id, approverAccess);
  const [from, to] = await Promise.all([
    sideOf(db, quote, input.from),
    sideOf(db, quote, input.to),
  ]);
  return { from, to, comparison: compareRevisions(from.snapshot, to.snapshot) };
}

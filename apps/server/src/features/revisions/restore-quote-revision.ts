import { contractYearsOf } from '@bastion/domain/documents/quote-document';
import type { Database } from '@bastion/db/client';
import type { RevisionContents } from '@bastion/db/schema/quote-revisions';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { priceStoredLines } from '../../core/pricing/stored-line-pricing.ts';
import {
  contentsFor,
  findMissingReferences,
  replaceQuoteContents,
} from '../../core/quotes/quote-contents.repository.ts';
import {
  APPROVAL_STATUSES,
  quoteActorOf,
  STALE_QUOTE_MESSAGE,
  writeQuoteAtVersion,
  type HistoryChange,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';
import { requireQuoteForReader } from '../../core/quotes/visibility.repository.ts';
import { refreshQuoteSkuDiscounts } from '../../core/reports/report-rollups.repository.ts';
import { findRevision } from '../../core/revisions/revisions.repository.ts';
import { restoreBlockedReason } from './revision-access.ts';
import { NO_SUCH_REVISION } from './compare-quote-revisions.ts';
import { revisionTitle } from './revision-views.ts';

/** The flow steps a restored quote can stand at; a revision taken later goes back to its terms. */
const BUILDING_STATUSES = ['INCOMPLETE', 'SH_HW_CONFIG', 'TNC'];

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Refuses a revision whose SKUs or clauses were deleted since; forgets ended entitlements. */
async function restorableContents(
  db: Database,
  title: string,
  contents: RevisionContents,
): Promise<RevisionContents> {
  const missing = await findMissingReferences(db, {
    skus: [...new Set(contents.lines.map((l) => l.sku))],
    clauseIds: [
      ...new Set(contents.terms.flatMap((t) => (t.clauseId === null ? [] : [t.clauseId]))),
    ],
    entitlementIds: [
      ...new Set(contents.lines.flatMap((l) => (l.entitlementId ? [l.entitlementId] : []))),
    ],
  });
  if (missing.skus.length > 0) {
    throw new AppError(
      'CONFLICT',
      `${title} cannot be restored: ${list(missing.skus)} ${missing.skus.length === 1 ? 'is' : 'are'} no longer in the catalogue.`,
    );
  }
  if (missing.clauseIds.length > 0) {
    throw new AppError(
      'CONFLICT',
      `${title} cannot be restored: a clause it holds was deleted from the clause library.`,
    );
  }
  const gone = new Set(missing.entitlementIds);
  return {
    ...contents,
    lines: contents.lines.map((l) =>
      l.entitlementId && gone.has(l.entitlementId) ? { ...l, entitlementId: null } : l,
    ),
  };
}

/**
 * Writes a revision back as the quote's working copy (issue 37): its editable header, lines,
 * shipping and clauses, priced again, as a new version whose history names the revision. The
 * caller names the version they saw (409 when the quote changed since). A quote under approval
 * keeps its approval only if the restored content is what was approved (decision 013).
 */
export async function restoreQuoteRevision(
  db: Database,
  caller: AuthContext,
  input: { quote_id: string; revision_id: string; version: number },
  now = new Date(),
) {
  const quote = await requireQuoteForReader(db, caller, input.quote_id, undefined);
  const revision = await findRevision(db, quote.id, input.revision_id);
  if (!revision) throw new AppError('NOT_FOUND', NO_SUCH_REVISION);
  if (quote.version !== input.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  const blocked = await restoreBlockedReason(db, caller, quote);
  if (blocked !== null) throw new AppError('CONFLICT', blocked);

  const title = revisionTitle(revision);
  const contents = await restorableContents(db, title, revision.contents);
  const { header } = contents;
  const target = BUILDING_STATUSES.includes(revision.statusId) ? revision.statusId : 'TNC';
  const restored: QuoteRow = { ...quote, ...header };
  const years = contractYearsOf(quote.quoteType, header.contractLength);
  const priced =
    contents.lines.length === 0
      ? null
      : await priceStoredLines(db, restored, contents.lines, years);
  const total = priced?.ok
    ? priced.result.totals.net_minor
    : contents.lines.length === 0
      ? 0
      : quote.totalAmountMinor;

  const changes: HistoryChange[] = [{ field: 'restored_from', before: null, after: title }];
  if (header.quoteName !== quote.quoteName) {
    changes.push({ field: 'quote_name', before: quote.quoteName, after: header.quoteName });
  }
  if (total !== quote.totalAmountMinor) {
    changes.push({ field: 'total', before: quote.totalAmountMinor, after: total });
  }
  const underApproval = APPROVAL_STATUSES.includes(quote.statusId);
  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      set: {
        ...header,
        totalAmountMinor: total,
        // Under approval the writer decides: the approval stays if nothing approvers judged changed.
        ...(underApproval || target === quote.statusId ? {} : { statusId: target }),
      },
      changes:
        underApproval || target === quote.statusId
          ? changes
          : [...changes, { field: 'status_id', before: quote.statusId, after: target }],
      action: 'revision_restored',
      statusIfVoided: target,
      ...quoteActorOf(caller),
    },
    now,
    async (tx) => {
      await replaceQuoteContents(
        tx,
        quote.id,
        contentsFor(quote.id, contents),
        contents.termSet ? { ...contents.termSet, savedAt: now, savedBy: caller.userId } : null,
      );
      await refreshQuoteSkuDiscounts(tx, quote.id);
    },
  );
  if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return {
    quote_id: written.id,
    version: written.version,
    status_id: written.statusId,
    restored_revision_number: revision.revisionNumber,
  };
}

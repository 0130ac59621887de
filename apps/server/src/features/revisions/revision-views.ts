import type { QuoteRevision } from '@bastion/domain/revisions/api';
import { quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import type { RevisionListRow } from '../../core/revisions/revisions.repository.ts';

/** A revision as the Revisions panel lists it. */
export function revisionView(
  // Who took it is null for a former user (a left join).
  row: Omit<RevisionListRow, 'createdBy'> & { createdBy: string | null },
): QuoteRevision {
  return {
    id: row.id,
    revision_number: row.revisionNumber,
    name: row.name,
    reason: row.reason,
    quote_version: row.quoteVersion,
    status_id: row.statusId,
    status_label: quoteStatusLabel(row.statusId),
    currency_code: row.currencyCode,
    net_minor: row.netMinor,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** "Revision 3 “Sent to customer 2 Dec”": how history and the comparison name a revision. */
export const revisionTitle = (row: { revisionNumber: number; name: string }) =>
  `Revision ${row.revisionNumber} “${row.name}”`;

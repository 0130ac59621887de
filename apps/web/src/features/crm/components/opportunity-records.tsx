import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import {
  useCrmOpportunities,
  type CrmOpportunityStatus,
  type CrmOpportunitySummary,
} from '../api/crm-opportunities.ts';
import { OpportunityForm } from './opportunity-form.tsx';
import { recordList } from './record-list.tsx';

const STATUS_OPTIONS: readonly { value: CrmOpportunityStatus; label: string }[] = [
  { value: 'all', label: 'All opportunities' },
  { value: 'live', label: 'In lists' },
  { value: 'removed', label: 'Removed' },
];

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const isoDay = (iso: string | null) =>
  iso ? formatDate(Date.parse(`${iso}T00:00:00Z`) / 1000) : '—';

const NOTICES = {
  saved: (name: string) => `Saved “${name}”.`,
  removed: (name: string) => `Removed “${name}” from the lists. Restore it from the Removed list.`,
  restored: (name: string) => `Restored “${name}”: it is back in the lists.`,
};

const columns: ColumnDef<CrmOpportunitySummary, never>[] = [
  {
    id: 'name',
    header: 'Opportunity',
    meta: { isText: true },
    cell: ({ row: { original: row } }) => (
      <>
        <div className={row.removed_at ? 'text-body-secondary' : undefined}>
          {row.name}
          {row.removed_at ? (
            <Badge bg="danger" className="ms-2">
              Removed
            </Badge>
          ) : null}
        </div>
        <div className="small text-body-secondary">
          <code>{row.id}</code>
          {` · changed ${formatDateTime(Date.parse(row.modified_on) / 1000, userTimeZone)}`}
          {row.modified_by ? ` by ${row.modified_by}` : ''}
        </div>
      </>
    ),
  },
  {
    id: 'account',
    header: 'Account',
    meta: { isText: true },
    cell: ({ row }) => row.original.account_name,
  },
  { id: 'region', header: 'Region', cell: ({ row }) => row.original.region },
  {
    id: 'deal_type',
    header: 'Deal type',
    cell: ({ row }) => dealTypeName(row.original.deal_type) ?? row.original.deal_type,
  },
  {
    id: 'amount',
    header: 'Amount',
    meta: { align: 'end' },
    cell: ({ row }) => formatCurrency(row.original.amount_minor, row.original.currency_code),
  },
  { id: 'close_date', header: 'Close date', cell: ({ row }) => isoDay(row.original.close_date) },
];

/** The built-in CRM's opportunities: search, page, and edit in a side panel. */
export const OpportunityRecords = recordList({
  noun: 'opportunity',
  plural: 'opportunities',
  searchPlaceholder: 'Search by name, account or id',
  filter: { label: 'Which opportunities', initial: 'all', options: STATUS_OPTIONS },
  useRecords: ({ filter, ...request }) => useCrmOpportunities({ ...request, status: filter }),
  columns,
  Editor: OpportunityForm,
  onSaved: (panel) => (opportunity, change) => {
    panel.notify(NOTICES[change](opportunity.name));
    panel.close();
  },
});

import type { ColumnDef } from '@tanstack/react-table';
import {
  useCrmAccounts,
  type CrmAccountKind,
  type CrmAccountSummary,
} from '../api/crm-accounts.ts';
import { AccountForm } from './account-form.tsx';
import { recordList } from './record-list.tsx';
import { ACCOUNT_KINDS, accountKindLabel } from './record-options.ts';

type KindFilter = CrmAccountKind | '';

const KIND_FILTERS: readonly { value: KindFilter; label: string }[] = [
  { value: '', label: 'All kinds' },
  ...ACCOUNT_KINDS.map((kind) => ({ value: kind.value, label: `${kind.label}s` })),
];

const dash = (text: string) => text || '—';

const columns: ColumnDef<CrmAccountSummary, never>[] = [
  {
    id: 'name',
    header: 'Name',
    meta: { isText: true },
    cell: ({ row }) => (
      <>
        <div>{row.original.name}</div>
        <div className="small text-body-secondary">
          <code>{row.original.id}</code>
        </div>
      </>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => (
      <>
        {accountKindLabel(row.original.kind)}
        {row.original.partner_type ? (
          <span className="small text-body-secondary ms-1">({row.original.partner_type})</span>
        ) : null}
      </>
    ),
  },
  { id: 'region', header: 'Region', cell: ({ row }) => dash(row.original.region) },
  {
    id: 'country',
    header: 'Country',
    meta: { isText: true },
    cell: ({ row }) => dash(row.original.country),
  },
  {
    id: 'contacts',
    header: 'Contacts',
    meta: { align: 'end' },
    cell: ({ row }) => row.original.contact_count,
  },
];

/** The built-in CRM's customers, partners and distributors, with their contacts. */
export const AccountRecords = recordList({
  noun: 'account',
  plural: 'accounts',
  searchPlaceholder: 'Search by name, id or country',
  filter: { label: 'Kind of account', initial: '', options: KIND_FILTERS },
  useRecords: ({ filter, ...request }) => useCrmAccounts({ ...request, kind: filter || null }),
  columns,
  Editor: AccountForm,
  onSaved: (panel) => (account, isCreated) => {
    if (isCreated) {
      // Stay in the panel, now editing the new account, so its contacts can be added.
      panel.notify(`Created “${account.name}”. Add its contacts in the panel.`);
      panel.open(account.id);
    } else {
      panel.notify(`Saved “${account.name}”.`);
      panel.close();
    }
  },
});

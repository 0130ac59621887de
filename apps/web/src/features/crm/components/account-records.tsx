import type { ColumnDef } from '@tanstack/react-table';
import {
  useCrmAccounts,
  type CrmAccountKind,
  type CrmAccountSummary,
} from '../api/crm-accounts.ts';
import { AccountForm } from './account-form.tsx';
import { RecordList, type RecordListRequest } from './record-list.tsx';
import { ACCOUNT_KINDS, accountKindLabel } from './record-options.ts';

type KindFilter = CrmAccountKind | '';

const KIND_FILTERS: readonly { value: KindFilter; label: string }[] = [
  { value: '', label: 'All kinds' },
  ...ACCOUNT_KINDS.map((kind) => ({ value: kind.value, label: `${kind.label}s` })),
];

const dash = (text: string) => text || '—';

const idOf = (row: CrmAccountSummary) => row.id;
const nameOf = (row: CrmAccountSummary) => row.name;

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

const useAccountRecords = ({ filter, ...request }: RecordListRequest<KindFilter>) =>
  useCrmAccounts({ ...request, kind: filter || null });

/** The built-in CRM's customers, partners and distributors, with their contacts. */
export function AccountRecords() {
  return (
    <RecordList
      noun="account"
      plural="accounts"
      searchPlaceholder="Search by name, id or country"
      filter={{ label: 'Kind of account', initial: '', options: KIND_FILTERS }}
      useRecords={useAccountRecords}
      columns={columns}
      rowId={idOf}
      rowName={nameOf}
      editor={(panel) => (
        <AccountForm
          id={panel.id}
          onCancel={panel.close}
          onSaved={(account, isCreated) => {
            if (isCreated) {
              // Stay in the panel, now editing the new account, so its contacts can be added.
              panel.notify(`Created “${account.name}”. Add its contacts in the panel.`);
              panel.open(account.id);
            } else {
              panel.notify(`Saved “${account.name}”.`);
              panel.close();
            }
          }}
        />
      )}
    />
  );
}

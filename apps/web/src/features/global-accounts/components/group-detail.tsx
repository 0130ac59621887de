import { formatCurrency } from '@bastion/domain/format/currency';
import { quoteStatusColor, quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { actionsColumn, nameColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useRemoveGroupAccount,
  useRemoveTeamMember,
  type GlobalAccountDetail,
  type GroupAccount,
  type GroupContract,
  type GroupQuote,
} from '../api/global-accounts.ts';
import { Amounts, personName, RegionBadge, RegionBadges, shownDate } from './group-display.tsx';
import { AddAccountModal, AddMemberModal, EditGroupModal, OwnerModal } from './group-modals.tsx';

type Dialog = 'edit' | 'owner' | 'member' | 'account' | null;

const CONTRACT_TONES: Readonly<Record<string, string>> = {
  NOT_STARTED: 'grey',
  IN_PROGRESS: 'warning',
  RENEWED: 'success',
  LOST: 'pink',
};

const contractColumns: ColumnDef<GroupContract, never>[] = [
  valueColumn<GroupContract>('contract_number', 'Contract', (row) => row.contract_number, {
    isRowHeader: true,
  }),
  valueColumn<GroupContract>('account', 'Account', (row) => row.account_name, { isText: true }),
  valueColumn<GroupContract>('region', 'Region', (row) => <RegionBadge region={row.region} />, {
    priority: 'secondary',
  }),
  valueColumn<GroupContract>('end', 'Ends', (row) => (
    <span>
      {shownDate(row.end_date)}
      {row.days_to_end < 0 ? null : (
        <span className="d-block small text-body-secondary">in {row.days_to_end} days</span>
      )}
    </span>
  )),
  valueColumn<GroupContract>(
    'amount',
    'A year of it',
    (row) => formatCurrency(row.amount_to_renew_minor, row.currency_code),
    { align: 'end' },
  ),
  valueColumn<GroupContract>('status', 'Status', (row) => (
    <StatusBadge label={row.status_label} tone={CONTRACT_TONES[row.status] ?? 'grey'} />
  )),
];

const quoteColumns: ColumnDef<GroupQuote, never>[] = [
  valueColumn<GroupQuote>(
    'quote_number',
    'Quote',
    (row) => <Link to={row.target_path}>{row.quote_number}</Link>,
    { isRowHeader: true },
  ),
  valueColumn<GroupQuote>('name', 'Name', (row) => row.quote_name, {
    isText: true,
    priority: 'secondary',
  }),
  valueColumn<GroupQuote>('account', 'Account', (row) => row.account_name, { isText: true }),
  valueColumn<GroupQuote>('region', 'Region', (row) => <RegionBadge region={row.region} />, {
    priority: 'secondary',
  }),
  valueColumn<GroupQuote>(
    'total',
    'Total',
    (row) => formatCurrency(row.total_amount_minor, row.currency_code),
    { align: 'end' },
  ),
  valueColumn<GroupQuote>('status', 'Status', (row) => (
    <StatusBadge label={quoteStatusLabel(row.status_id)} tone={quoteStatusColor(row.status_id)} />
  )),
];

function accountColumns(
  canManage: boolean,
  onRemove: (account: GroupAccount) => void,
  isRemoving: boolean,
): ColumnDef<GroupAccount, never>[] {
  const columns = [
    nameColumn<GroupAccount>('name', 'Account', (row) => row.name),
    valueColumn<GroupAccount>('region', 'Region', (row) => <RegionBadge region={row.region} />),
    valueColumn<GroupAccount>('country', 'Country', (row) => row.country || '—', {
      priority: 'secondary',
    }),
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    actionsColumn<GroupAccount>((row) => (
      <ConfirmButton
        size="sm"
        label={`Remove ${row.name} from the group`}
        question={`Remove ${row.name}?`}
        confirmText="Remove"
        isPending={isRemoving}
        onConfirm={() => onRemove(row)}
      />
    )),
  ];
}

/**
 * The selected group on one page: its owner and team, its accounts by region, its installed base
 * and its open quotes; managers change it through the buttons and modals.
 */
export function GroupDetail({ group }: { group: GlobalAccountDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const removeAccount = useRemoveGroupAccount();
  const removeMember = useRemoveTeamMember();
  const close = () => setDialog(null);
  const canManage = group.can_manage;
  const problem = removeAccount.error ?? removeMember.error;

  return (
    <div className="d-flex flex-column gap-3">
      <Card>
        <Card.Body>
          <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
            <div className="min-w-0">
              <h2 className="h4 mb-1">{group.name}</h2>
              {group.description ? (
                <p className="text-body-secondary mb-2">{group.description}</p>
              ) : null}
            </div>
            {canManage ? (
              <div className="d-flex flex-wrap gap-2">
                <Button size="sm" variant="outline-primary" onClick={() => setDialog('edit')}>
                  <i className="bi bi-pencil me-1" aria-hidden="true" />
                  Edit name
                </Button>
                <Button size="sm" variant="outline-primary" onClick={() => setDialog('owner')}>
                  <i className="bi bi-person-badge me-1" aria-hidden="true" />
                  Change owner
                </Button>
              </div>
            ) : null}
          </div>
          <dl className="row mb-0 mt-2">
            <dt className="col-sm-3">Owner (GAM)</dt>
            <dd className="col-sm-9">
              {personName(group.owner)}
              {group.owner ? (
                <span className="text-body-secondary small ms-2">{group.owner.email}</span>
              ) : null}
            </dd>
            <dt className="col-sm-3">Team</dt>
            <dd className="col-sm-9">
              <div className="d-flex flex-wrap gap-2 align-items-center">
                {group.team.length === 0 ? (
                  <span className="text-body-secondary">Nobody besides the owner</span>
                ) : (
                  group.team.map((person) => (
                    <Badge
                      key={person.id}
                      bg="light"
                      text="dark"
                      className="border fw-normal d-inline-flex align-items-center gap-1"
                    >
                      <span title={person.email}>{person.name}</span>
                      {canManage ? (
                        <Button
                          size="sm"
                          variant="link"
                          className="p-0 ms-1 text-body-secondary lh-1"
                          aria-label={`Remove ${person.name} from the team`}
                          disabled={removeMember.isPending}
                          onClick={() => removeMember.mutate({ id: group.id, user_id: person.id })}
                        >
                          <i className="bi bi-x-lg" aria-hidden="true" />
                        </Button>
                      ) : null}
                    </Badge>
                  ))
                )}
                {canManage ? (
                  <Button
                    size="sm"
                    variant="link"
                    className="p-0"
                    onClick={() => setDialog('member')}
                  >
                    Add a team member
                  </Button>
                ) : null}
              </div>
            </dd>
            <dt className="col-sm-3">Regions</dt>
            <dd className="col-sm-9">
              <RegionBadges regions={group.regions} />
            </dd>
            <dt className="col-sm-3">Installed base</dt>
            <dd className="col-sm-9 mb-0">
              <Amounts amounts={group.installed_base} />
              <span className="d-block small text-body-secondary">
                A year of what runs: contracts neither renewed nor lost.
              </span>
            </dd>
          </dl>
        </Card.Body>
      </Card>

      {problem ? (
        <Alert variant="danger" role="alert">
          {problem.message}
        </Alert>
      ) : null}

      <section aria-labelledby="group-accounts-heading">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h3 id="group-accounts-heading" className="h5 mb-0">
            Accounts <span className="text-body-secondary">({group.account_count})</span>
          </h3>
          {canManage ? (
            <Button size="sm" onClick={() => setDialog('account')}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Add account
            </Button>
          ) : null}
        </div>
        <DataTable
          caption={`Accounts of ${group.name}`}
          data={group.accounts}
          columns={accountColumns(
            canManage,
            (account) => removeAccount.mutate({ id: group.id, account_id: account.id }),
            removeAccount.isPending,
          )}
          getRowId={(row) => row.id}
          size="sm"
          emptyState={<p className="text-body-secondary mb-0">No accounts in this group yet.</p>}
        />
      </section>

      <section aria-labelledby="group-contracts-heading">
        <h3 id="group-contracts-heading" className="h5 mb-2">
          Installed base
        </h3>
        <DataTable
          caption={`Contracts of ${group.name}`}
          data={group.contracts}
          columns={contractColumns}
          getRowId={(row) => row.id}
          size="sm"
          narrowDetail
          emptyState={<p className="text-body-secondary mb-0">No contracts for these accounts.</p>}
        />
      </section>

      <section aria-labelledby="group-quotes-heading">
        <h3 id="group-quotes-heading" className="h5 mb-2">
          Open quotes <span className="text-body-secondary">({group.open_quotes.length})</span>
        </h3>
        <DataTable
          caption={`Open quotes of ${group.name}`}
          data={group.open_quotes}
          columns={quoteColumns}
          getRowId={(row) => row.id}
          size="sm"
          narrowDetail
          emptyState={
            <p className="text-body-secondary mb-0">
              No open quotes: accepted, completed and archived quotes are not listed.
            </p>
          }
        />
      </section>

      {dialog === 'edit' ? (
        <EditGroupModal group={group} onHide={close} onSaved={() => {}} />
      ) : null}
      {dialog === 'owner' ? <OwnerModal group={group} onHide={close} /> : null}
      {dialog === 'member' ? <AddMemberModal group={group} onHide={close} /> : null}
      {dialog === 'account' ? <AddAccountModal group={group} onHide={close} /> : null}
    </div>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useParams } from 'react-router';
import { nameColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import {
  useGlobalAccount,
  useGlobalAccounts,
  type GlobalAccountSummary,
} from '../api/global-accounts.ts';
import { GroupDetail } from '../components/group-detail.tsx';
import { Amounts, personName, RegionBadges } from '../components/group-display.tsx';
import { EditGroupModal } from '../components/group-modals.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns: ColumnDef<GlobalAccountSummary, never>[] = [
  nameColumn<GlobalAccountSummary>('name', 'Global account', (row) => (
    <span>
      <span className="fw-semibold">{row.name}</span>
      <span className="d-block small text-body-secondary">{personName(row.owner)}</span>
    </span>
  )),
  valueColumn<GlobalAccountSummary>('regions', 'Regions', (row) => (
    <RegionBadges regions={row.regions} />
  )),
  valueColumn<GlobalAccountSummary>('accounts', 'Accounts', (row) => row.account_count, {
    align: 'end',
    priority: 'secondary',
  }),
  valueColumn<GlobalAccountSummary>('quotes', 'Open quotes', (row) => row.open_quote_count, {
    align: 'end',
    priority: 'secondary',
  }),
  valueColumn<GlobalAccountSummary>(
    'base',
    'Installed base',
    (row) => <Amounts amounts={row.installed_base} />,
    { align: 'end', priority: 'low' },
  ),
];

/**
 * /cpq/gam-account/{ref} (issue 19): the global accounts the caller may see, and the one chosen
 * (its id is the ref; the menu's 'ref' opens the first) with its owner and team, its accounts
 * across regions, its installed base and its open quotes.
 */
export function GlobalAccountsPage() {
  const { ref = '' } = useParams();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const list = useGlobalAccounts();
  const groups = list.data?.groups ?? [];
  const chosenId = UUID.test(ref) ? ref : (groups[0]?.id ?? null);
  const chosen = useGlobalAccount(chosenId);
  const open = (id: string) => void navigate(`/cpq/gam-account/${id}`);

  if (list.isError) return <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <>
      <PageHeader
        title="Global accounts"
        subtitle="Customers that span regions: their accounts, installed base and open quotes in one place."
        actions={
          list.data?.can_manage ? (
            <Button onClick={() => setIsCreating(true)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              New global account
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <div className="text-center py-5">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">Loading global accounts…</span>
          </Spinner>
        </div>
      ) : groups.length === 0 ? (
        <NoData
          title="No global accounts"
          message={
            list.data?.can_manage
              ? 'Create one to group a customer’s accounts across regions.'
              : 'You do not own or work on a global account yet. The deal desk or your GAM general manager can add you to one.'
          }
          icon="bi-globe2"
        />
      ) : (
        <Row className="g-3">
          <Col xl={4}>
            <DataTable
              caption="Global accounts"
              data={groups}
              columns={columns}
              getRowId={(row) => row.id}
              onRowOpen={(row) => open(row.id)}
              activeRowId={chosenId}
              size="sm"
              narrowDetail
            />
          </Col>
          <Col xl={8}>
            {chosen.isError ? (
              <ErrorScreen error={chosen.error} onRetry={() => void chosen.refetch()} />
            ) : chosen.data ? (
              <GroupDetail key={chosen.data.id} group={chosen.data} />
            ) : (
              <div className="text-center py-5">
                <Spinner animation="border" role="status">
                  <span className="visually-hidden">Loading the global account…</span>
                </Spinner>
              </div>
            )}
          </Col>
        </Row>
      )}
      {isCreating ? (
        <EditGroupModal
          group={null}
          onHide={() => setIsCreating(false)}
          onSaved={(group) => open(group.id)}
        />
      ) : null}
    </>
  );
}

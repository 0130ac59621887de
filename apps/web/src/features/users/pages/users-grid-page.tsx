import type { USER_SORTS } from '@bastion/domain/accounts/user-admin-schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { NewButton } from '@/components/admin/admin-parts.tsx';
import { PanelScreen, usePanelScreen } from '@/components/admin/panel-screen.tsx';
import { valueColumn } from '@/components/admin/record-columns.tsx';
import type { TableSort } from '@/components/data-table/data-table.tsx';
import { ListCount, PagedTable } from '@/components/data-table/paged-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import { useSession } from '../../auth/index.ts';
import {
  downloadUsersCsv,
  useAccountOptions,
  useUserList,
  type UserListRow,
} from '../api/users.ts';
import { NewUserForm } from '../components/new-user-form.tsx';
import { SignInPolicyPanel } from '../components/sign-in-policy-form.tsx';
import {
  fullNameOf,
  MfaBadge,
  ServiceAccountBadge,
  onDay,
  roleText,
  userDetailPath,
  UserStatusBadge,
  when,
} from '../components/user-display.tsx';
import {
  NO_USER_FILTERS,
  UsersFilterBar,
  type UserFilterValues,
} from '../components/users-filter-bar.tsx';

const PAGE_SIZE = 25;

type UserSort = (typeof USER_SORTS)[number];
type Panel = 'new-user' | 'sign-in-policy';

const isUserSort = (field: string): field is UserSort =>
  field === 'name' || field === 'email' || field === 'last_sign_in_at';

/** A sortable column: the server sorts by its id. */
function sortedColumn(
  id: UserSort,
  header: string,
  cell: (row: UserListRow) => ReactNode,
  isRowHeader = false,
): ColumnDef<UserListRow, never> {
  return {
    id,
    header,
    accessorFn: () => null as never,
    enableSorting: true,
    meta: isRowHeader ? { isRowHeader: true, isText: true } : { isText: true },
    cell: ({ row }) => cell(row.original),
  };
}

function columnsOf(accountNames: ReadonlyMap<string, string>): ColumnDef<UserListRow, never>[] {
  return [
    sortedColumn('name', 'Name', (row) => fullNameOf(row), true),
    sortedColumn('email', 'E-mail', (row) => (
      <Link to={userDetailPath(row.email)}>{row.email}</Link>
    )),
    valueColumn(
      'roles',
      'Roles',
      (row) =>
        row.roles.length === 0 ? (
          <span className="text-body-secondary small">No roles</span>
        ) : (
          <div className="d-flex flex-wrap gap-1">
            {row.roles.map((role) => (
              <Badge key={role.value} bg="light" text="dark" className="border fw-normal">
                {roleText(role, accountNames)}
              </Badge>
            ))}
          </div>
        ),
      { isText: true },
    ),
    valueColumn('provider', 'Signs in with', (row) =>
      row.is_service_account ? (
        <ServiceAccountBadge />
      ) : row.id_provider === 'Local' ? (
        'Password'
      ) : (
        'Google'
      ),
    ),
    valueColumn('mfa', 'Two-step', (row) =>
      row.is_service_account ? (
        <span className="text-body-secondary small">Not applicable</span>
      ) : (
        <MfaBadge isEnabled={row.mfa_enabled} />
      ),
    ),
    valueColumn('status', 'Status', (row) => <UserStatusBadge isDisabled={row.is_disabled} />),
    sortedColumn('last_sign_in_at', 'Last sign-in', (row) => (
      <span className="text-nowrap" title={when(row.last_sign_in_at) || undefined}>
        {onDay(row.last_sign_in_at, 'Never')}
      </span>
    )),
  ];
}

/**
 * grid/users/{ref}: everybody who can sign in, for root and user admins. Filters, sorting and
 * pages are the server's; a user's e-mail opens their page; "New user" opens the form in a side
 * panel and goes on to the new user's page.
 */
export function UsersGridPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { permissions, roles } = session.user;
  const [filters, setFilters] = useState<UserFilterValues>(NO_USER_FILTERS);
  const [sort, setSort] = useState<TableSort>({ field: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [downloadState, setDownloadState] = useState<{ isPending: boolean; error: string | null }>({
    isPending: false,
    error: null,
  });
  const screen = usePanelScreen<Panel>();
  const search = useDebouncedSearch(filters.search);
  const listFilters = {
    ...filters,
    search,
    sort: isUserSort(sort.field) ? sort.field : 'name',
    direction: sort.direction,
  } as const;
  const list = useUserList({ ...listFilters, page, page_size: PAGE_SIZE });
  // Names of the CRM accounts a role may be limited to, so the badges read as names.
  const accounts = useAccountOptions('');
  const columns = useMemo(
    () => columnsOf(new Map((accounts.data?.accounts ?? []).map((a) => [a.id, a.name]))),
    [accounts.data],
  );

  const changeFilters = (next: UserFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const download = () => {
    setDownloadState({ isPending: true, error: null });
    downloadUsersCsv(listFilters).then(
      () => setDownloadState({ isPending: false, error: null }),
      (error: unknown) =>
        setDownloadState({
          isPending: false,
          error: error instanceof Error ? error.message : 'The download failed.',
        }),
    );
  };

  return (
    <PanelScreen
      title="Users"
      subtitle="Everyone who can sign in: their roles, and where those roles apply. Open a user to change their roles, disable them or reset their sign-in."
      query={list}
      what="the users"
      whoSees="root admins and user admins"
      screen={screen}
      newButtons={
        <>
          {permissions.is_root_admin ? (
            <NewButton
              variant="outline-primary"
              icon="bi-shield-lock"
              onClick={() => screen.open('sign-in-policy')}
            >
              Sign-in policy
            </NewButton>
          ) : null}
          {permissions.can_download_users ? (
            <Button variant="outline-primary" onClick={download} disabled={downloadState.isPending}>
              {downloadState.isPending ? (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-download me-1" aria-hidden="true" />
              )}
              Download CSV
            </Button>
          ) : null}
          <NewButton onClick={() => screen.open('new-user')}>New user</NewButton>
        </>
      }
      banner={
        <>
          {downloadState.error ? (
            <Alert
              variant="danger"
              role="alert"
              dismissible
              onClose={() => setDownloadState({ isPending: false, error: null })}
            >
              {downloadState.error}
            </Alert>
          ) : null}
          <UsersFilterBar value={filters} onChange={changeFilters} />
        </>
      }
      panelTitle={(panel) => (panel === 'sign-in-policy' ? 'Sign-in policy' : 'New user')}
      panel={(panel) =>
        panel === 'sign-in-policy' ? (
          <SignInPolicyPanel
            onCancel={screen.panel.close}
            onSaved={(required) =>
              screen.done(
                required.length === 0
                  ? 'Saved the sign-in policy: no role requires two-step sign-in.'
                  : `Saved the sign-in policy: ${required.join(', ')} must use two-step sign-in.`,
              )
            }
          />
        ) : (
          <NewUserForm
            actorRoles={roles}
            onCancel={screen.panel.close}
            onCreated={(user, sentLink) => {
              screen.panel.close();
              void navigate(userDetailPath(user.email), {
                state: { created: true, isLinkSent: sentLink },
              });
            }}
          />
        )
      }
    >
      {(data) => {
        return data.rows.length === 0 ? (
          <NoData title="No users match" message="Change or clear the filters." icon="bi-people" />
        ) : (
          <>
            <ListCount
              count={data.total === 1 ? '1 user' : `${data.total.toLocaleString('en-US')} users`}
              isFetching={list.isFetching}
            />
            <PagedTable
              data={data.rows}
              columns={columns}
              caption="Users"
              getRowId={(row) => row.id}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPage(1);
              }}
              rowClassName={(row) => (row.is_disabled ? 'text-body-secondary' : undefined)}
              pager={{ page, total: data.total, pageSize: PAGE_SIZE, onPage: setPage }}
            />
          </>
        );
      }}
    </PanelScreen>
  );
}

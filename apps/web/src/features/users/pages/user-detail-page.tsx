import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useParams } from 'react-router';
import { AdminLayout, LoadState } from '@/components/admin/admin-layout.tsx';
import { SectionTabs } from '@/components/admin/section-tabs.tsx';
import { useSession } from '../../auth/index.ts';
import { useUserDetail } from '../api/users.ts';
import { UserActions } from '../components/user-actions.tsx';
import { UserDetailForm } from '../components/user-detail-form.tsx';
import {
  fullNameOf,
  MfaBadge,
  ServiceAccountBadge,
  UserStatusBadge,
  when,
} from '../components/user-display.tsx';
import { ChangeHistory, SignInHistory } from '../components/user-history.tsx';

// Only service accounts have tokens: their panel loads with them, not with every user's page.
const ApiTokens = lazy(() =>
  import('../components/api-tokens.tsx').then((module) => ({ default: module.ApiTokens })),
);

/**
 * user-detail/{email}/{ref}: one user for root and user admins: their details and roles (saved at
 * the version opened), what can be done to their account, and their sign-in and change history.
 */
export function UserDetailPage() {
  const { email = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const detail = useUserDetail(email);
  // Set by the new-user panel on its way here.
  const created = location.state as { created?: boolean; isLinkSent?: boolean } | null;
  const isJustCreated = created?.created === true;
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const user = detail.data;

  return (
    <AdminLayout
      title={user ? fullNameOf(user) : 'User'}
      subtitle={
        user ? (
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            <span>{user.email}</span>
            <UserStatusBadge isDisabled={user.is_disabled} />
            {user.is_service_account ? (
              <ServiceAccountBadge />
            ) : (
              <>
                <MfaBadge isEnabled={user.mfa_enabled} />
                <span className="small">Last sign-in: {when(user.last_sign_in_at, 'never')}</span>
              </>
            )}
          </span>
        ) : (
          email
        )
      }
      actions={
        <Link to="/cpq/grid/users/ref" className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          All users
        </Link>
      }
    >
      <LoadState query={detail} what="this user" whoSees="root admins and user admins">
        {(data) => (
          <>
            {isJustCreated && savedAt === null ? (
              <Alert variant="success" role="status">
                Created {data.email}.{' '}
                {data.is_service_account
                  ? 'Make it an API token below; the program sends it with every call.'
                  : data.id_provider === 'Google'
                    ? 'They sign in with their Google account.'
                    : created?.isLinkSent
                      ? 'A link to set their password is on its way to them.'
                      : 'They have no password yet: send them a set-password link when they need one.'}
              </Alert>
            ) : null}
            {savedAt !== null ? (
              <Alert variant="success" role="status" dismissible onClose={() => setSavedAt(null)}>
                Saved. A role change applies to the user&apos;s open pages within a minute.
              </Alert>
            ) : null}
            <div className="row g-3 mb-4">
              <div className="col-lg-8">
                <div className="card">
                  <div className="card-header">
                    <h2 className="h6 mb-0">Details and roles</h2>
                  </div>
                  <div className="card-body">
                    <UserDetailForm
                      // A newer version from the server (a save, another admin's change) starts
                      // the form afresh.
                      key={data.version}
                      user={data}
                      actorRoles={session.user.roles}
                      onSaved={() => setSavedAt(Date.now())}
                      onReload={() => void detail.refetch()}
                    />
                  </div>
                </div>
              </div>
              <div className="col-lg-4">
                <UserActions user={data} actor={session.user} />
                <p className="small text-body-secondary mt-2">
                  Created {when(data.created_at)}; last changed {when(data.updated_at)}.
                </p>
              </div>
            </div>
            {data.is_service_account ? (
              <Suspense fallback={<p className="text-body-secondary">Loading the API tokens…</p>}>
                <ApiTokens user={data} />
              </Suspense>
            ) : null}
            <SectionTabs
              id="user-history"
              tabs={[
                // A service account never signs in: its tokens show their last use instead.
                ...(data.is_service_account
                  ? []
                  : [
                      {
                        key: 'sign-ins',
                        title: 'Sign-in history',
                        content: <SignInHistory email={data.email} />,
                      },
                    ]),
                {
                  key: 'changes',
                  title: 'Change history',
                  content: <ChangeHistory email={data.email} />,
                },
              ]}
            />
          </>
        )}
      </LoadState>
    </AdminLayout>
  );
}

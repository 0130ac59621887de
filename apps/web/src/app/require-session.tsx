import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canSwitchMaintenance } from '@bastion/domain/accounts/policy';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { FullPageLoader } from '@/components/full-page-loader.tsx';
import {
  type Session,
  sessionQueryKey,
  sessionQueryOptions,
} from '../features/auth/api/session.ts';
import {
  maintenanceMessageQueryKey,
  maintenanceQueryKey,
  useAccountDisabledFlag,
  useMaintenanceMessage,
  useMaintenanceMode,
  useReloadRequiredFlag,
} from '../features/auth/api/session-flags.ts';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { MaintenanceScreen } from '../features/auth/components/maintenance-screen.tsx';
import { SessionProvider } from '../features/auth/components/session-context.tsx';
import type { LoginPageState } from '../features/auth/login-page-state.ts';
import { apiPost, isApiError, onMaintenance, onSessionExpired } from '@/lib/api-client.ts';
import { isLoggedOut, rememberReturnPath } from '@/lib/session-markers.ts';

// Seen once per user at most, and it brings the form library: not part of every signed-in page.
const MfaRequiredPage = lazy(async () => ({
  default: (await import('../features/account/pages/mfa-required-page.tsx')).MfaRequiredPage,
}));

/**
 * The auth guard: everything behind it may assume a signed-in user (useSession). Without a
 * session it sends the visitor to /login, remembering where they were going.
 */
export function RequireSession() {
  const session = useQuery(sessionQueryOptions);
  const [hasExpiredMidSession, setHasExpiredMidSession] = useState(false);

  // Any call, not just this query, can be the first to meet the expired session.
  useEffect(() => onSessionExpired(() => setHasExpiredMidSession(true)), []);

  if (hasExpiredMidSession || (isApiError(session.error) && session.error.isSessionExpired)) {
    return <SessionEnded />;
  }
  if (session.isPending) return <FullPageLoader message="Loading your workspace…" />;
  if (session.isError) {
    return (
      <div className="full-page-center">
        <ErrorScreen error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return (
    <SessionProvider value={session.data}>
      <SessionFlagsGate session={session.data} />
    </SessionProvider>
  );
}

/**
 * The server refused the session. A disabled account is refused everywhere except
 * get-is-disabled, so ask it first: the user deserves the real reason, not "expired".
 */
function SessionEnded() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  useEffect(() => {
    const controller = new AbortController();
    const from = `${location.pathname}${location.search}${location.hash}`;

    const goToLogin = () => {
      // Someone who signed out on purpose starts afresh; anyone else comes back here.
      const state: LoginPageState = {};
      if (!isLoggedOut()) {
        state.from = from;
        rememberReturnPath(from);
      }
      // Drop the refused session only once this screen is gone, or the guard would refetch it.
      void Promise.resolve(navigate('/login', { replace: true, state })).then(() =>
        queryClient.removeQueries({ queryKey: sessionQueryKey }),
      );
    };

    apiPost<{ is_disabled: boolean }>(
      '/api/dx/get-is-disabled',
      {},
      { signal: controller.signal, reportsSessionExpiry: false },
    ).then(
      (answer) => {
        if (answer.is_disabled) void signOut('account-disabled');
        else goToLogin();
      },
      () => {
        if (!controller.signal.aborted) goToLogin();
      },
    );
    return () => controller.abort();
  }, [location, navigate, queryClient, signOut]);

  return <FullPageLoader message="Your session has ended. Taking you to the sign-in page…" />;
}

/** Applies the polled session flags of spec §4 around the signed-in screens. */
function SessionFlagsGate({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const isMaintenanceOn = useMaintenanceMode(session);
  const maintenanceMessage = useMaintenanceMessage(isMaintenanceOn);
  const isReloadRequired = useReloadRequiredFlag();
  const isAccountDisabled = useAccountDisabledFlag();

  useEffect(() => {
    if (!isReloadRequired) return;
    // Re-reading the session also resets the server's flag (see fetchSession).
    queryClient.setQueryData(['session-flags', 'reload-required'], { reload_required: false });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
  }, [isReloadRequired, queryClient]);

  useEffect(() => {
    if (isAccountDisabled) void signOut('account-disabled');
  }, [isAccountDisabled, signOut]);

  // A call refused for maintenance says so before the next poll: show the page now; the poll
  // brings the application back once maintenance is off.
  useEffect(
    () =>
      onMaintenance((message) => {
        queryClient.setQueryData(maintenanceQueryKey, { value: 'enable' });
        queryClient.setQueryData(maintenanceMessageQueryKey, { value: message });
      }),
    [queryClient],
  );

  // Those who switch maintenance keep working, and so does an administrator acting as someone.
  const keepsWorking =
    canSwitchMaintenance(session.user.roles) || session.user.impersonated_by !== null;
  if (isMaintenanceOn && !keepsWorking) return <MaintenanceScreen message={maintenanceMessage} />;
  // The sign-in policy wants a second factor first: nothing else opens until it is set up.
  if (session.user.mfa_enrolment_required) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <MfaRequiredPage />
      </Suspense>
    );
  }
  return <Outlet />;
}

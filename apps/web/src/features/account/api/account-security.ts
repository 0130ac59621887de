import { useQueryClient } from '@tanstack/react-query';
import { usePostMutation, usePostQuery } from '@/lib/api-query.ts';
import { sessionQueryKey } from '../../auth/index.ts';

/* The signed-in user's own sign-in settings (decision 021). */

export interface MfaStatus {
  mfa_enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The sign-in policy requires a second factor of this user: it cannot be turned off. */
  required_by_policy: boolean;
  /** Google accounts use Google's own two-step verification. */
  can_use_mfa: boolean;
}

export interface NewAuthenticator {
  otpauth_url: string;
  /** PNG data URL. */
  qr: string;
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
}

export interface OwnSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
  is_current: boolean;
}

const keys = {
  status: ['account', 'mfa-status'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const useMfaStatus = () =>
  usePostQuery<MfaStatus>(keys.status, '/api/security/mfa-status', {});

/** After two-step sign-in changed: its status, and the session (which says whether to enrol). */
function useRefreshMfa() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.status });
  };
}

/** gen-qr: a new secret to scan, pending until a code from it turns two-step sign-in on. */
export const useNewAuthenticator = () =>
  usePostMutation<Record<string, never>, NewAuthenticator>('/api/security/gen-qr');

export function useUpdateMfaEnabled() {
  const refresh = useRefreshMfa();
  return usePostMutation<
    { enabled: boolean; code: string },
    { mfa_enabled: boolean; recovery_codes: string[] }
  >('/api/security/update-mfa-enabled', refresh);
}

/** Once the user has saved the codes: the session learns that enrolment is done. */
export function useFinishEnrolment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshMfa();
  return usePostMutation<{ code: string }, { recovery_codes: string[] }>(
    '/api/security/regenerate-recovery-codes',
    refresh,
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return usePostMutation<
    { current_password: string; new_password: string },
    { signed_out_elsewhere: number }
  >('/api/security/change-password', () => {
    void queryClient.invalidateQueries({ queryKey: keys.sessions });
  });
}

export const useOwnSessions = () =>
  usePostQuery<{ sessions: OwnSession[] }>(keys.sessions, '/api/security/sessions', {});

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return usePostMutation<Record<string, never>, { signed_out: number }>(
    '/api/security/sign-out-other-sessions',
    () => void queryClient.invalidateQueries({ queryKey: keys.sessions }),
  );
}

import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZChangePasswordBody,
  ZMfaCodeBody,
  ZUpdateMfaEnabledBody,
} from '@bastion/domain/auth/schemas';
import type {
  ZMfaEnabledResponse,
  ZMfaEnrolmentResponse,
  ZMfaStatusResponse,
  ZOwnSessionsResponse,
  ZPasswordChangedResponse,
  ZRecoveryCodesResponse,
  ZSignedOutOthersResponse,
} from '@bastion/domain/auth/security-settings-api';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { usePostMutation, usePostQuery } from '@/lib/api-query.ts';
import { sessionQueryKey } from '../../auth/index.ts';

/* The signed-in user's own sign-in settings (decision 021). */

export type MfaStatus = AnswerData<typeof ZMfaStatusResponse>;
export type NewAuthenticator = AnswerData<typeof ZMfaEnrolmentResponse>;
export type OwnSession = AnswerData<typeof ZOwnSessionsResponse>['sessions'][number];

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
    z.input<typeof ZUpdateMfaEnabledBody>,
    AnswerData<typeof ZMfaEnabledResponse>
  >('/api/security/update-mfa-enabled', refresh);
}

/** Once the user has saved the codes: the session learns that enrolment is done. */
export function useFinishEnrolment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshMfa();
  return usePostMutation<z.input<typeof ZMfaCodeBody>, AnswerData<typeof ZRecoveryCodesResponse>>(
    '/api/security/regenerate-recovery-codes',
    refresh,
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return usePostMutation<
    z.input<typeof ZChangePasswordBody>,
    AnswerData<typeof ZPasswordChangedResponse>
  >('/api/security/change-password', () => {
    void queryClient.invalidateQueries({ queryKey: keys.sessions });
  });
}

export const useOwnSessions = () =>
  usePostQuery<AnswerData<typeof ZOwnSessionsResponse>>(
    keys.sessions,
    '/api/security/sessions',
    {},
  );

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return usePostMutation<Record<string, never>, AnswerData<typeof ZSignedOutOthersResponse>>(
    '/api/security/sign-out-other-sessions',
    () => void queryClient.invalidateQueries({ queryKey: keys.sessions }),
  );
}

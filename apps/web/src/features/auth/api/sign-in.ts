import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { clearSignInMarkers } from '@/lib/session-markers.ts';
import { type Session, sessionQueryOptions } from './session.ts';

export interface SignInCredentials {
  email: string;
  password: string;
  /** From the link e-mailed when sign-in to the account is paused. */
  unlock_token?: string;
  /** The second step: a code from the authenticator app, or a recovery code. */
  otp?: string;
}

/** Signed in with a session, or (two-step sign-in) the password was right and a code is due. */
export type SignInResult = { session: Session } | { isCodeRequired: true };

/** Signs in with e-mail and password (and code), then loads the new user's session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SignInCredentials): Promise<SignInResult> => {
      const answer = await apiPost<{ mfa_required: boolean }>(
        '/api/security/auth/login',
        credentials,
      );
      if (answer.mfa_required) return { isCodeRequired: true };
      clearSignInMarkers();
      // Nothing cached for a previous user may leak into this one's screens.
      queryClient.clear();
      return { session: await queryClient.fetchQuery(sessionQueryOptions) };
    },
  });
}

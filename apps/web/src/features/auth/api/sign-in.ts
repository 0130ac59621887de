import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZLoginBody, ZLoginResponse } from '@bastion/domain/auth/api';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { clearSignInMarkers } from '@/lib/session-markers.ts';
import { type Session, sessionQueryOptions } from './session.ts';

/** E-mail and password, the unlock link's token, the second step's code. */
export type SignInCredentials = z.input<typeof ZLoginBody>;

/** Signed in with a session, or (two-step sign-in) the password was right and a code is due. */
export type SignInResult = { session: Session } | { isCodeRequired: true };

/** Signs in with e-mail and password (and code), then loads the new user's session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SignInCredentials): Promise<SignInResult> => {
      const answer = await apiPost<AnswerData<typeof ZLoginResponse>>(
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

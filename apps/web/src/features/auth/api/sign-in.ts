import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { clearSignInMarkers } from '@/lib/session-markers.ts';
import { type Session, sessionQueryOptions } from './session.ts';

export interface SignInCredentials {
  email: string;
  password: string;
  /** From the link e-mailed when sign-in to the account is paused. */
  unlock_token?: string;
}

/** Signs in with e-mail and password, then loads the new user's session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SignInCredentials): Promise<Session> => {
      await apiPost<{ email: string }>('/api/security/auth/login', credentials);
      clearSignInMarkers();
      // Nothing cached for a previous user may leak into this one's screens.
      queryClient.clear();
      return queryClient.fetchQuery(sessionQueryOptions);
    },
  });
}

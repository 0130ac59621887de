import { queryOptions } from '@tanstack/react-query';
import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZIntrospectResponse, ZSessionStateResponse } from '@bastion/domain/auth/api';
import { apiGet, apiPost, isApiError } from '@/lib/api-client.ts';

/** What `GET /api/security/introspect` answers for the signed-in user. */
export type Session = AnswerData<typeof ZIntrospectResponse>;
export type SessionUser = Session['user'];

export const sessionQueryKey = ['session'] as const;

async function fetchSession(options: {
  signal: AbortSignal;
  reportsSessionExpiry: boolean;
}): Promise<Session> {
  const session = await apiGet<Session>('/api/security/introspect', options);
  // The server raises reload_required when the user's access changed; having just read the
  // fresh session, tell it we are up to date. A failure only means one extra reload later.
  apiPost('/api/dx/reset-user-reload').catch((error: unknown) => {
    console.warn('Could not reset the reload flag', error);
  });
  return session;
}

/** The signed-in user's session; fails with a 403 ApiError when nobody is signed in. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession({ signal, reportsSessionExpiry: true }),
  staleTime: Infinity,
});

/**
 * For public pages that only need to know whether someone is signed in: null means nobody. The
 * session is read only when there is one, so a signed-out visit makes no request that fails; a
 * session that ends between the two answers is not reported as expired either.
 */
export const sessionProbeQueryOptions = queryOptions({
  queryKey: [...sessionQueryKey, 'probe'] as const,
  queryFn: async ({ signal }): Promise<Session | null> => {
    const state = await apiGet<AnswerData<typeof ZSessionStateResponse>>(
      '/api/security/session-state',
      {
        signal,
        reportsSessionExpiry: false,
      },
    );
    if (!state.signed_in) return null;
    try {
      return await fetchSession({ signal, reportsSessionExpiry: false });
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) return null;
      throw error;
    }
  },
  gcTime: 0,
  staleTime: 0,
});

export function displayNameOf(user: SessionUser): string {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return fullName || user.email;
}

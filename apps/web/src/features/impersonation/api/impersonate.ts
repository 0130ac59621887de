import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** What POST /api/security/impersonate answers: who the session now acts as, or null. */
export interface ImpersonationAnswer {
  impersonating: string | null;
}

const IMPERSONATE_PATH = '/api/security/impersonate';

/** An administrator starts acting as the user with this e-mail (decision 021). */
export const startImpersonation = (email: string) =>
  apiPost<ImpersonationAnswer>(IMPERSONATE_PATH, { email });

/** The administrator returns to their own account. */
export const stopImpersonation = () =>
  apiPost<ImpersonationAnswer>(IMPERSONATE_PATH, { stop: true });

/** Either change: `{email}` to start acting as that user, `{stop: true}` to return. */
export type ImpersonationChange = { email: string } | { stop: true };

/**
 * Starts or stops acting as someone. Every cached query belongs to the previous user, so on
 * success the whole app reloads from '/', which lands on the new user's first page.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: (change: ImpersonationChange) =>
      'email' in change ? startImpersonation(change.email) : stopImpersonation(),
    onSuccess: () => window.location.assign('/'),
  });
}

import type {
  ZImpersonateBody,
  ZImpersonateResponse,
} from '@bastion/domain/accounts/impersonation-api';
import type { AnswerData } from '@bastion/domain/api/envelope';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** What POST /api/security/impersonate answers: who the session now acts as, or null. */
export type ImpersonationAnswer = AnswerData<typeof ZImpersonateResponse>;

const IMPERSONATE_PATH = '/api/security/impersonate';

/** Either change: `{email}` to start acting as that user, `{stop: true}` to return. */
export type ImpersonationChange = z.input<typeof ZImpersonateBody>;

/**
 * Starts or stops acting as someone. Every cached query belongs to the previous user, so on
 * success the whole app reloads from '/', which lands on the new user's first page.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: (change: ImpersonationChange) =>
      apiPost<ImpersonationAnswer>(IMPERSONATE_PATH, change),
    onSuccess: () => window.location.assign('/'),
  });
}

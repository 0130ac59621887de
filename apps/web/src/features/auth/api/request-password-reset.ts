import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/** Asks the server to e-mail reset instructions; it answers alike whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiPost<unknown>('/api/security/forgot_password', { email }),
  });
}

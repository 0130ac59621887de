import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiPost<unknown>('/api/security/reset_password', input),
  });
}

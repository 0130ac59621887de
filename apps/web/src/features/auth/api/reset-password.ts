import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZResetPasswordBody, ZResetPasswordResponse } from '@bastion/domain/auth/api';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export type ResetPasswordInput = z.input<typeof ZResetPasswordBody>;

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiPost<AnswerData<typeof ZResetPasswordResponse>>('/api/security/reset_password', input),
  });
}

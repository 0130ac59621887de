import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZFormListResponse } from '@bastion/domain/forms/api';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export type FormRecipeSummary = AnswerData<typeof ZFormListResponse>[number];

export function useFormRecipeList() {
  return useQuery({
    queryKey: ['admin', 'form-recipes'],
    queryFn: ({ signal }) =>
      apiPost<AnswerData<typeof ZFormListResponse>>('/api/admin/list-form-recipes', {}, { signal }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export interface FormRecipeSummary {
  name: string;
  title: string;
  description: string;
  version: number;
  updated_at: string;
}

export function useFormRecipeList() {
  return useQuery({
    queryKey: ['admin', 'form-recipes'],
    queryFn: ({ signal }) =>
      apiPost<FormRecipeSummary[]>('/api/admin/list-form-recipes', {}, { signal }),
  });
}

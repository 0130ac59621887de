import type {
  ProductRulePreview,
  ProductRuleView,
  ZSaveProductRuleBody,
} from '@bastion/domain/product-rules/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* Product rules (issue 34: POST /api/admin/catalog/product-rules/*) and their test on a quote. */

const BASE = '/api/admin/catalog/product-rules';
const LIST_KEY = ['catalog', 'product-rules'] as const;

export type { ProductRulePreview, ProductRuleView };
/** What a save sends: the server's schema (packages/domain). */
export type ProductRuleInput = z.input<typeof ZSaveProductRuleBody>;

export const useProductRules = () =>
  usePostQuery<{ rules: ProductRuleView[] }>(LIST_KEY, `${BASE}/list`, {});

export function useSaveProductRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductRuleInput) => apiPost<ProductRuleView>(`${BASE}/save`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useDeleteProductRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      apiPost<{ id: string; is_deleted: true }>(`${BASE}/delete`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function usePreviewProductRule() {
  return useMutation({
    mutationFn: (input: Omit<ProductRuleInput, 'id' | 'version'> & { quote_number: string }) =>
      apiPost<ProductRulePreview>(`${BASE}/preview`, input),
  });
}

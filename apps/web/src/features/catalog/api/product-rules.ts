import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ProductRulePreview,
  ProductRuleView,
  ZDeleteProductRuleBody,
  ZPreviewProductRuleBody,
  ZSaveProductRuleBody,
} from '@bastion/domain/product-rules/admin-schemas';
import type { ZProductRuleDeleted, ZProductRulesResponse } from '@bastion/domain/catalog/admin-api';
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
  usePostQuery<AnswerData<typeof ZProductRulesResponse>>(LIST_KEY, `${BASE}/list`, {});

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
    mutationFn: (input: z.input<typeof ZDeleteProductRuleBody>) =>
      apiPost<AnswerData<typeof ZProductRuleDeleted>>(`${BASE}/delete`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function usePreviewProductRule() {
  return useMutation({
    mutationFn: (input: z.input<typeof ZPreviewProductRuleBody>) =>
      apiPost<ProductRulePreview>(`${BASE}/preview`, input),
  });
}

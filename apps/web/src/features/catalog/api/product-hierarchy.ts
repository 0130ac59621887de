import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZAddNodeBody,
  ZDeleteNodeResponse,
  ZHierarchyNode,
  ZHierarchyResponse,
  ZMoveNodeBody,
  ZNodeIdBody,
  ZRenameNodeBody,
  ZReorderNodeBody,
  ZReorderNodeResponse,
} from '@bastion/domain/catalog/admin-api';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/* The product hierarchy, as catalogue admins edit it (POST /api/admin/catalog/hierarchy/*). */

/** A product line as admins see it: its sku_count counts inactive SKUs too. */
export type HierarchyNode = z.infer<typeof ZHierarchyNode>;
export type ProductHierarchy = AnswerData<typeof ZHierarchyResponse>;

export const hierarchyKeys = {
  all: ['catalog', 'hierarchy'] as const,
};

export function useProductHierarchy(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: hierarchyKeys.all,
    queryFn: ({ signal }) =>
      apiPost<ProductHierarchy>('/api/admin/catalog/hierarchy/list', {}, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** Every hierarchy change refreshes the tree and the SKUs' paths in the grid. */
function useHierarchyMutation<I, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<O>(`/api/admin/catalog/hierarchy/${path}`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'skus'] });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'product-lines'] });
    },
  });
}

export const useAddHierarchyNode = () =>
  useHierarchyMutation<z.input<typeof ZAddNodeBody>, HierarchyNode>('add');

export const useRenameHierarchyNode = () =>
  useHierarchyMutation<z.input<typeof ZRenameNodeBody>, HierarchyNode>('rename');

export const useMoveHierarchyNode = () =>
  useHierarchyMutation<z.input<typeof ZMoveNodeBody>, HierarchyNode>('move');

/** One place up or down among its siblings, or straight to a place (1 = first). */
export const useReorderHierarchyNode = () =>
  useHierarchyMutation<z.input<typeof ZReorderNodeBody>, AnswerData<typeof ZReorderNodeResponse>>(
    'reorder',
  );

export const useDeleteHierarchyNode = () =>
  useHierarchyMutation<z.input<typeof ZNodeIdBody>, AnswerData<typeof ZDeleteNodeResponse>>(
    'delete',
  );

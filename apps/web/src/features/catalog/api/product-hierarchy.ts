import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { CatalogFamily, ProductLine } from './catalog-skus.ts';

/* The product hierarchy, as catalogue admins edit it (POST /api/admin/catalog/hierarchy/*). */

/** A product line as admins see it: its sku_count counts inactive SKUs too. */
export interface HierarchyNode extends ProductLine {
  active_sku_count: number;
  child_count: number;
}

export interface ProductHierarchy {
  families: CatalogFamily[];
  nodes: HierarchyNode[];
}

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
  useHierarchyMutation<{ parent_id: string | null; name: string }, HierarchyNode>('add');

export const useRenameHierarchyNode = () =>
  useHierarchyMutation<{ id: string; name: string }, HierarchyNode>('rename');

export const useMoveHierarchyNode = () =>
  useHierarchyMutation<{ id: string; parent_id: string | null }, HierarchyNode>('move');

/** One place up or down among its siblings, or straight to a place (1 = first). */
export const useReorderHierarchyNode = () =>
  useHierarchyMutation<
    { id: string; direction: 'up' | 'down' } | { id: string; position: number },
    HierarchyNode & { position: number; sibling_count: number }
  >('reorder');

export const useDeleteHierarchyNode = () =>
  useHierarchyMutation<{ id: string }, { id: string; name: string; is_deleted: true }>('delete');

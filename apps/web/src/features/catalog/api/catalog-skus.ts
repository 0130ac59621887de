import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  SkuSortField,
  ZBundleComponent,
  ZFamiliesResponse,
  ZListSkusBody,
  ZListSkusResponse,
  ZSkuResponse,
  ZSkuSummary,
} from '@bastion/domain/catalog/admin-api';
import type { BundleFeature } from '@bastion/domain/catalog/bundle-options';
import type { ZHierarchyResponse } from '@bastion/domain/catalog/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZSaveBundleComponentsBody, ZSaveSkuBody } from '@bastion/domain/catalog/schemas';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import type { ProductLine } from '@/lib/catalog-hierarchy.ts';
import { recordKeys, usePostChange, usePostQuery, useRecordQuery } from '@/lib/api-query.ts';

/* The catalogue grid and the SKU panel (POST /api/admin/catalog/skus/*, families/list). */

export type CatalogFamily = AnswerData<typeof ZFamiliesResponse>['families'][number];
export type CatalogSkuSummary = z.infer<typeof ZSkuSummary>;
export type BundleComponent = z.infer<typeof ZBundleComponent>;

/** An option group of a bundle: how many of its options a quote's bundle takes. */
export type { BundleFeature };

export type CatalogSkuDetail = AnswerData<typeof ZSkuResponse>;

export type { SkuSortField };

/** What the grid asks for: the search, the filters, the sort and the page. */
export type CatalogSkuListRequest = z.input<typeof ZListSkusBody>;

export type CatalogSkuPage = AnswerData<typeof ZListSkusResponse>;

/** What a SKU is saved with: the server's own schema (packages/domain). */
export type CatalogSkuInput = z.input<typeof ZSaveSkuBody>;

export const catalogSkuKeys = {
  ...recordKeys<CatalogSkuListRequest>('catalog', 'skus'),
  families: ['catalog', 'families'] as const,
  productLines: ['catalog', 'product-lines'] as const,
};

/** A product line as the grid's filter lists it (every catalogue reader may see the tree). */
export type { ProductLine };

/** One page of the catalogue; the previous page stays on screen while the next loads. */
export const useCatalogSkus = (
  request: CatalogSkuListRequest,
  options: { enabled?: boolean } = {},
) =>
  usePostQuery<CatalogSkuPage>(
    catalogSkuKeys.list(request),
    '/api/admin/catalog/skus/list',
    request,
    {
      keepsPrevious: true,
      enabled: options.enabled ?? true,
    },
  );

/** One SKU; nothing is fetched while sku is null. */
export const useCatalogSku = (sku: string | null) =>
  useRecordQuery<CatalogSkuDetail>(catalogSkuKeys.one, '/api/admin/catalog/skus/get', 'sku', sku);

export const useCatalogFamilies = () =>
  usePostQuery<AnswerData<typeof ZFamiliesResponse>>(
    catalogSkuKeys.families,
    '/api/admin/catalog/families/list',
    {},
    { staleTime: 5 * 60_000 },
  );

/** The product lines, for the grid's filter: the catalogue's read-only view of the hierarchy. */
export const useProductLines = () =>
  usePostQuery<AnswerData<typeof ZHierarchyResponse>>(
    catalogSkuKeys.productLines,
    '/api/dx/catalog/hierarchy',
    {},
    { staleTime: 60_000 },
  );

/** Saving a SKU changes the grid, the hierarchy's counts and the product pickers. */
export const useSaveCatalogSku = () =>
  usePostChange<CatalogSkuInput, CatalogSkuDetail>(
    '/api/admin/catalog/skus/save',
    (sku) => catalogSkuKeys.one(sku.sku),
    () => [catalogSkuKeys.all, ['catalog', 'hierarchy']],
  );

/** What a bundle's components are saved with: the server's own schema (packages/domain). */
export type BundleComponentsInput = z.input<typeof ZSaveBundleComponentsBody>;

/** Replaces a bundle's components and option groups; the whole list is saved or none of it. */
export function useSaveBundleComponents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BundleComponentsInput) =>
      apiPost<CatalogSkuDetail>('/api/admin/catalog/skus/save-components', input),
    onSuccess: (sku) => {
      queryClient.setQueryData(catalogSkuKeys.one(sku.sku), sku);
    },
    // A refusal may come from SKUs changed meanwhile: the searches show them as they are now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...catalogSkuKeys.all, 'list'] });
    },
  });
}

import type { BundleFeature, OptionSelection } from '@bastion/domain/catalog/bundle-options';
import type { SkuAttributes } from '@bastion/domain/product-rules/model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Billing } from '@bastion/domain/pricing/model';
import type { ProductKind } from '@bastion/domain/pricing/product-kinds';
import type { ZSaveBundleComponentsBody, ZSaveSkuBody } from '@bastion/domain/catalog/schemas';
import type { LapSize } from '@bastion/domain/validation/secure-access';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import type { ProductLine } from '@/lib/catalog-hierarchy.ts';
import { recordKeys, usePostChange, usePostQuery, useRecordQuery } from '@/lib/api-query.ts';

/* The catalogue grid and the SKU panel (POST /api/admin/catalog/skus/*, families/list). */

export interface CatalogFamily {
  id: string;
  name: string;
  is_active: boolean;
}

export interface CatalogSku {
  sku: string;
  name: string;
  description: string;
  kind: ProductKind;
  billing: Billing;
  family_id: string;
  family_name: string;
  hierarchy_node_id: string | null;
  hierarchy_path: string;
  size: LapSize | null;
  pricing_model: string | null;
  is_shippable: boolean;
  is_active: boolean;
  updated_at: string;
}

export interface CatalogSkuSummary extends CatalogSku {
  usd_price_minor: number | null;
}

export interface BundleComponent {
  sku: string;
  name: string;
  kind: ProductKind;
  is_active: boolean;
  quantity: number;
  /** Issue 34: the option group it belongs to (a name of the bundle's features); null: none. */
  feature: string | null;
  /** REQUIRED (always on), DEFAULT (on until the seller takes it off) or OPTIONAL. */
  selection: OptionSelection;
}

/** An option group of a bundle: how many of its options a quote's bundle takes. */
export type { BundleFeature };

export interface CatalogSkuDetail extends CatalogSku {
  quote_line_count: number;
  price_date: string;
  prices_today: { currency_code: string; unit_price_minor: number }[];
  /** What a bundle brings onto a quote; empty for other kinds. */
  components: BundleComponent[];
  /** Issue 34: a bundle's option groups, in order; empty for a fixed bundle and other kinds. */
  features: BundleFeature[];
  /** The SKU a renewal may migrate this one to; null: none. */
  successor_sku: string | null;
  /** Issue 34: what product rules read of the SKU. */
  attributes: SkuAttributes;
}

export type SkuSortField = 'sku' | 'name' | 'family' | 'kind' | 'status' | 'updated_at';

export interface CatalogSkuListRequest {
  search: string;
  family_id: string;
  kind: ProductKind | '';
  status: 'all' | 'active' | 'inactive';
  node_id: string | null;
  /** Product lines, each with the lines below it: SKUs on any of them. */
  node_ids?: string[];
  sort: SkuSortField;
  direction: 'asc' | 'desc';
  page: number;
  page_size: number;
}

export interface CatalogSkuPage {
  rows: CatalogSkuSummary[];
  total: number;
  page: number;
  page_size: number;
  price_date: string;
}

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
  usePostQuery<{ families: CatalogFamily[] }>(
    catalogSkuKeys.families,
    '/api/admin/catalog/families/list',
    {},
    { staleTime: 5 * 60_000 },
  );

/** The product lines, for the grid's filter: the catalogue's read-only view of the hierarchy. */
export const useProductLines = () =>
  usePostQuery<{ nodes: ProductLine[] }>(
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

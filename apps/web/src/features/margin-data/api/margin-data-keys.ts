/** Query keys of the margin-data screens; all under one root so a change can refresh them all. */
export const marginDataKeys = {
  all: ['margin-data'] as const,
  costLookups: ['margin-data', 'cost-lookups'] as const,
  markups: ['margin-data', 'markups'] as const,
  depreciation: ['margin-data', 'duration-depreciation'] as const,
  hwSkuCosts: ['margin-data', 'hw-sku-costs'] as const,
  supportCases: ['margin-data', 'support-cases'] as const,
  approvalSkus: ['margin-data', 'approval-skus'] as const,
};

/** Kinds of product with a cost of their own (a bundle's components carry its cost). */
export type CostedKind = 'HARDWARE' | 'ACCESS_POINT' | 'SUBSCRIPTION' | 'SUPPORT' | 'SERVICE';
export type ProductKind = CostedKind | 'BUNDLE';
/** Kinds costed as a share of list price; ANY is the family's default. */
export type LookupKind = 'ANY' | 'SUBSCRIPTION' | 'SUPPORT' | 'SERVICE';

export type { CostedKind, HwKind, LookupKind } from '@bastion/domain/margin-data/schemas';
export type { ProductKind } from '@bastion/domain/pricing/product-kinds';

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

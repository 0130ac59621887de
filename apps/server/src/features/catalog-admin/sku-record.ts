import type { SkuRow } from './catalog-admin.repository.ts';

/** The fields every answer about a SKU carries. */
export function skuFieldsOf(sku: SkuRow, familyName: string, paths: ReadonlyMap<string, string>) {
  return {
    sku: sku.sku,
    name: sku.name,
    description: sku.description,
    kind: sku.kind,
    billing: sku.billing,
    family_id: sku.familyId,
    family_name: familyName,
    hierarchy_node_id: sku.hierarchyNodeId,
    hierarchy_path: sku.hierarchyNodeId ? (paths.get(sku.hierarchyNodeId) ?? '') : '',
    size: sku.size,
    pricing_model: sku.pricingModel,
    is_shippable: sku.isShippable,
    is_active: sku.isActive,
    updated_at: sku.updatedAt.toISOString(),
  };
}

import type { Database } from '@bastion/db/client';
import {
  listCostLookups as queryCostLookups,
  listFamiliesWithSkuCounts,
} from './margin-data.repository.ts';
import { normalizedPercent, type CostLookup } from '@bastion/domain/margin-data/api';

/**
 * Every cost lookup row by family (the family's ANY default first), and every family with its
 * SKU count and whether it has a default, so the page can point out families without one.
 */
export async function listCostLookups(db: Database, options: { canEdit: boolean }) {
  const [lookups, families] = await Promise.all([
    queryCostLookups(db),
    listFamiliesWithSkuCounts(db),
  ]);
  const familiesWithDefault = new Set(
    lookups.filter((l) => l.lookup.productKind === 'ANY').map((l) => l.lookup.familyId),
  );
  return {
    rows: lookups.map(({ lookup, familyName }): CostLookup => ({
      family_id: lookup.familyId,
      family_name: familyName,
      product_kind: lookup.productKind,
      cost_percent: normalizedPercent(lookup.costPercent),
    })),
    families: families.map((family) => ({
      id: family.id,
      name: family.name,
      is_active: family.isActive,
      sku_count: family.skuCount,
      has_default: familiesWithDefault.has(family.id),
    })),
    can_edit: options.canEdit,
  };
}

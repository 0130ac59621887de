import type { Database } from '@bastion/db/client';
import { inFamily } from './in-family.ts';
import { findCostLookup, upsertCostLookup } from './margin-data.repository.ts';
import {
  normalizedPercent,
  percentText,
  type CostLookup,
  type SaveCostLookupInput,
} from '@bastion/domain/margin-data/api';

/**
 * Sets what a family's SKUs of one kind cost, as a percentage of their USD list price (ANY: the
 * family's default for kinds without a row of their own). Adds the row or changes it.
 */
export async function saveCostLookup(
  db: Database,
  input: SaveCostLookupInput,
): Promise<{ lookup: CostLookup; before: string | null }> {
  return inFamily(db, input.family_id, async (tx, family) => {
    const before = await findCostLookup(tx, family.id, input.product_kind);
    const costPercent = percentText(input.cost_percent);
    await upsertCostLookup(tx, {
      familyId: family.id,
      productKind: input.product_kind,
      costPercent,
    });
    return {
      lookup: {
        family_id: family.id,
        family_name: family.name,
        product_kind: input.product_kind,
        cost_percent: costPercent,
      },
      before: before ? normalizedPercent(before.costPercent) : null,
    };
  });
}

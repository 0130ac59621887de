import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  countSkusOfFamily,
  deleteCostLookup as deleteCostLookupRow,
  findCostLookup,
  findFamily,
  type LookupKindValue,
} from './margin-data.repository.ts';
import { normalizedPercent } from '@bastion/domain/margin-data/api';
import { KIND_NAMES } from './product-kinds.ts';

const skuCount = (n: number) => (n === 1 ? '1 SKU' : `${n.toLocaleString('en-US')} SKUs`);

/**
 * Removes a cost lookup row. A family's ANY row stays while the family has SKUs: it is the cost
 * of every subscription, support or service SKU of the family without a row of its own kind,
 * and without it their quotes would lose their margin.
 */
export async function deleteCostLookup(db: Database, familyId: string, kind: LookupKindValue) {
  return db.transaction(async (tx) => {
    const family = await findFamily(tx, familyId);
    const lookup = family ? await findCostLookup(tx, family.id, kind) : null;
    if (!family || !lookup) {
      throw new AppError(
        'NOT_FOUND',
        `There is no cost lookup for ${KIND_NAMES[kind]} in ${familyId}.`,
      );
    }
    if (kind === 'ANY') {
      const skus = await countSkusOfFamily(tx, family.id);
      if (skus > 0) {
        throw new AppError(
          'CONFLICT',
          `${family.name} has ${skuCount(skus)}. Its ANY row is the default cost of its subscriptions, support and services; without it, those without a row of their own kind would have no cost, and quotes with them no margin. Change the percentage instead.`,
        );
      }
    }
    await deleteCostLookupRow(tx, family.id, kind);
    return {
      family_id: family.id,
      product_kind: kind,
      is_deleted: true as const,
      before: normalizedPercent(lookup.costPercent),
    };
  });
}

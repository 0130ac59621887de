import type { Database } from '@bastion/db/client';
import { deleteFoundRow } from './delete-found-row.ts';
import { deleteHwSkuCost as deleteHwSkuCostRow, findHwSkuCost } from './margin-data.repository.ts';

/** Removes a SKU's cost: quotes with the SKU then show no margin until a cost is set again. */
export function deleteHwSkuCost(db: Database, code: string) {
  return deleteFoundRow(db, {
    find: (tx) => findHwSkuCost(tx, code),
    remove: (tx) => deleteHwSkuCostRow(tx, code),
    notFound: `SKU ${code} has no hardware cost to remove.`,
    answer: (existing) => ({
      sku: code,
      is_deleted: true as const,
      before: existing.unitCostUsdMinor,
    }),
  });
}

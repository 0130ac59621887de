import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { deleteHwSkuCost as deleteHwSkuCostRow, findHwSkuCost } from './margin-data.repository.ts';

/** Removes a SKU's cost: quotes with the SKU then show no margin until a cost is set again. */
export async function deleteHwSkuCost(db: Database, code: string) {
  return db.transaction(async (tx) => {
    const existing = await findHwSkuCost(tx, code);
    if (!existing) {
      throw new AppError('NOT_FOUND', `SKU ${code} has no hardware cost to remove.`);
    }
    await deleteHwSkuCostRow(tx, code);
    return { sku: code, is_deleted: true as const, before: existing.unitCostUsdMinor };
  });
}

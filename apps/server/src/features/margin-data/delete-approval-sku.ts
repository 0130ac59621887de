import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteApprovalSku as deleteApprovalSkuRow,
  findApprovalSku,
} from './margin-data.repository.ts';

/** Takes a SKU off the approval list: quotes with it no longer ask for that approval. */
export async function deleteApprovalSku(db: Database, code: string) {
  return db.transaction(async (tx) => {
    const existing = await findApprovalSku(tx, code);
    if (!existing) {
      throw new AppError('NOT_FOUND', `SKU ${code} is not on the approval list.`);
    }
    await deleteApprovalSkuRow(tx, code);
    return { sku: code, is_deleted: true as const, reason: existing.reason };
  });
}

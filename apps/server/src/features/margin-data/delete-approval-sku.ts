import type { Database } from '@bastion/db/client';
import { deleteFoundRow } from './delete-found-row.ts';
import {
  deleteApprovalSku as deleteApprovalSkuRow,
  findApprovalSku,
} from './margin-data.repository.ts';

/** Takes a SKU off the approval list: quotes with it no longer ask for that approval. */
export function deleteApprovalSku(db: Database, code: string) {
  return deleteFoundRow(db, {
    find: (tx) => findApprovalSku(tx, code),
    remove: (tx) => deleteApprovalSkuRow(tx, code),
    notFound: `SKU ${code} is not on the approval list.`,
    answer: (existing) => ({ sku: code, is_deleted: true as const, reason: existing.reason }),
  });
}

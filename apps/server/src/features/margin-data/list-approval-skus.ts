import type { Database } from '@bastion/db/client';
import { listApprovalSkus as queryApprovalSkus } from './margin-data.repository.ts';
import type { ApprovalSku } from '@bastion/domain/margin-data/api';

/** The SKUs whose presence on a quote asks for approval, with their names and reasons. */
export async function listApprovalSkus(db: Database, options: { canEdit: boolean }) {
  const rows = await queryApprovalSkus(db);
  return {
    rows: rows.map(({ entry, name, kind, isSkuActive }): ApprovalSku => ({
      sku: entry.sku,
      name,
      kind,
      is_sku_active: isSkuActive,
      reason: entry.reason,
      is_active: entry.isActive,
    })),
    can_edit: options.canEdit,
  };
}

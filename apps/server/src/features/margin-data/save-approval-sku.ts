import type { Database } from '@bastion/db/client';
import { invalidField } from './invalid-field.ts';
import { findApprovalSku, findSku, upsertApprovalSku } from './margin-data.repository.ts';
import type { ApprovalSku, SaveApprovalSkuInput } from '@bastion/domain/margin-data/api';

/** Puts a SKU on the approval list with its reason, or changes its reason or whether it applies. */
export async function saveApprovalSku(
  db: Database,
  input: SaveApprovalSkuInput,
): Promise<{ entry: ApprovalSku; isCreated: boolean }> {
  return db.transaction(async (tx) => {
    const sku = await findSku(tx, input.sku);
    if (!sku) throw invalidField('sku', `SKU ${input.sku} is not in the catalog.`);
    const existing = await findApprovalSku(tx, sku.sku);
    await upsertApprovalSku(tx, { sku: sku.sku, reason: input.reason, isActive: input.is_active });
    return {
      entry: {
        sku: sku.sku,
        name: sku.name,
        kind: sku.kind,
        is_sku_active: sku.isActive,
        reason: input.reason,
        is_active: input.is_active,
      },
      isCreated: existing === null,
    };
  });
}

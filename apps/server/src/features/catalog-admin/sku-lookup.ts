import type { Database } from '@bastion/db/client';
import { findSku, lockSkus, type SkuRow } from './catalog-admin.repository.ts';
import { skuNotFound } from './catalog-admin-errors.ts';

/** The SKU with this code; 404 when there is none. */
export async function requireSku(db: Database, code: string): Promise<SkuRow> {
  const sku = await findSku(db, code);
  if (!sku) throw skuNotFound(code);
  return sku;
}

/**
 * The SKU with this code, locked until the transaction ends so its changes take turns
 * (lockSkus); 404 when there is none.
 */
export async function lockSku(tx: Database, code: string): Promise<SkuRow> {
  const [sku] = await lockSkus(tx, [code]);
  if (!sku) throw skuNotFound(code);
  return sku;
}

import type { Database } from '@bastion/db/client';
import { searchSkuOptions } from './margin-data.repository.ts';

const OPTION_LIMIT = 20;

/** SKUs matching a search, for adding one to the approval list; says which already are. */
export async function findApprovalSkuOptions(db: Database, search: string) {
  const rows = await searchSkuOptions(db, search, OPTION_LIMIT);
  return {
    rows: rows.map((row) => ({
      sku: row.sku,
      name: row.name,
      kind: row.kind,
      is_active: row.isActive,
      is_listed: Boolean(row.isListed),
    })),
  };
}

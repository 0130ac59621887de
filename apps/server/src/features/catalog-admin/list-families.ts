import type { Database } from '@bastion/db/client';
import { listFamilies as queryFamilies } from './catalog-admin.repository.ts';

/** The product families, for the grid's filter and the SKU form. */
export async function listFamilies(db: Database) {
  const families = await queryFamilies(db);
  return {
    families: families.map((f) => ({ id: f.id, name: f.name, is_active: f.isActive })),
  };
}

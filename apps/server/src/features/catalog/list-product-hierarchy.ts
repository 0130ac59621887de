import type { Database } from '@bastion/db/client';
import { listFamilies, listHierarchyNodes } from './catalog.repository.ts';

/** The product hierarchy as a flat list of nodes (the browser builds the tree) and families. */
export async function listProductHierarchy(db: Database) {
  const [nodes, families] = await Promise.all([listHierarchyNodes(db), listFamilies(db)]);
  return {
    families: families.map((f) => ({ id: f.id, name: f.name, is_active: f.isActive })),
    nodes: nodes.map((n) => ({
      id: n.id,
      parent_id: n.parentId,
      name: n.name,
      family_id: n.familyId,
      sort_order: n.sortOrder,
      sku_count: n.skuCount,
    })),
  };
}

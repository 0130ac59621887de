import type { Database } from '@bastion/db/client';
import type { HierarchyNode } from '@bastion/domain/catalog/admin-api';
import {
  countNodeContents,
  countSkusByNode,
  listFamilies,
  listNodes,
  type NodeRow,
} from './catalog-admin.repository.ts';

/** The whole hierarchy as a flat list (the browser builds the tree), with SKU counts. */
export async function listHierarchy(db: Database) {
  const [nodes, counts, families] = await Promise.all([
    listNodes(db),
    countSkusByNode(db),
    listFamilies(db),
  ]);
  const skuCounts = new Map(counts.map((c) => [c.nodeId, c]));
  const childCounts = new Map<string, number>();
  for (const node of nodes) {
    if (node.parentId) childCounts.set(node.parentId, (childCounts.get(node.parentId) ?? 0) + 1);
  }
  return {
    families: families.map((f) => ({ id: f.id, name: f.name, is_active: f.isActive })),
    nodes: nodes.map((node): HierarchyNode => ({
      ...nodeFieldsOf(node),
      sku_count: skuCounts.get(node.id)?.all ?? 0,
      active_sku_count: skuCounts.get(node.id)?.active ?? 0,
      child_count: childCounts.get(node.id) ?? 0,
    })),
  };
}

const nodeFieldsOf = (node: NodeRow) => ({
  id: node.id,
  parent_id: node.parentId,
  name: node.name,
  family_id: node.familyId,
  sort_order: node.sortOrder,
});

/** One product line as the hierarchy answers show it. */
export async function hierarchyNodeOf(db: Database, node: NodeRow): Promise<HierarchyNode> {
  const contents = await countNodeContents(db, node.id);
  return {
    ...nodeFieldsOf(node),
    sku_count: contents.skus,
    active_sku_count: contents.activeSkus,
    child_count: contents.children,
  };
}

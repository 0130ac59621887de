import type { Database } from '@bastion/db/client';
import type { HierarchyNode } from '@bastion/domain/catalog/admin-api';
import {
  findNode,
  listNodes,
  lockHierarchy,
  nextSortOrder,
  updateNode,
} from './catalog-admin.repository.ts';
import { invalidField, nodeNotFound } from './catalog-admin-errors.ts';
import { requireFreeName } from './hierarchy-names.ts';
import { isWithin } from './hierarchy-tree.ts';
import { hierarchyNodeOf } from './list-hierarchy.ts';

export const MOVE_UNDER_ITSELF_MESSAGE = 'A product line cannot move under itself.';

/**
 * Moves a product line, with everything below it, under another line or to the top level, last
 * among its new siblings. Never under itself or one of its own descendants: the tree would loop.
 */
export async function moveHierarchyNode(
  db: Database,
  input: { id: string; parent_id: string | null },
  now: Date = new Date(),
): Promise<HierarchyNode & { previousParentId: string | null }> {
  const { node, previousParentId } = await db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const existing = await findNode(tx, input.id);
    if (!existing) throw nodeNotFound();
    if (input.parent_id !== null) {
      const nodes = await listNodes(tx);
      if (isWithin(nodes, input.parent_id, existing.id)) {
        throw invalidField('parent_id', MOVE_UNDER_ITSELF_MESSAGE);
      }
      if (!nodes.some((n) => n.id === input.parent_id)) {
        throw invalidField('parent_id', 'The new parent no longer exists. Reload the page.');
      }
    }
    if (existing.parentId === input.parent_id) {
      return { node: existing, previousParentId: existing.parentId };
    }
    await requireFreeName(tx, input.parent_id, existing.name, existing.id);
    const updated = await updateNode(tx, existing.id, {
      parentId: input.parent_id,
      sortOrder: await nextSortOrder(tx, input.parent_id),
      updatedAt: now,
    });
    if (!updated) throw nodeNotFound();
    return { node: updated, previousParentId: existing.parentId };
  });
  return { ...(await hierarchyNodeOf(db, node)), previousParentId };
}

import type { Database } from '@bastion/db/client';
import type { HierarchyNode } from '@bastion/domain/catalog/admin-api';
import { findNode, lockHierarchy, updateNode } from './catalog-admin.repository.ts';
import { nodeNotFound } from './catalog-admin-errors.ts';
import { requireFreeName } from './hierarchy-names.ts';
import { hierarchyNodeOf } from './list-hierarchy.ts';

/** Renames a product line; its siblings keep distinct names. Returns it and its old name. */
export async function renameHierarchyNode(
  db: Database,
  input: { id: string; name: string },
  now: Date = new Date(),
): Promise<HierarchyNode & { previousName: string }> {
  const { node, previousName } = await db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const existing = await findNode(tx, input.id);
    if (!existing) throw nodeNotFound();
    await requireFreeName(tx, existing.parentId, input.name, existing.id);
    const updated = await updateNode(tx, existing.id, { name: input.name, updatedAt: now });
    if (!updated) throw nodeNotFound();
    return { node: updated, previousName: existing.name };
  });
  return { ...(await hierarchyNodeOf(db, node)), previousName };
}

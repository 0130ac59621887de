import type { Database } from '@bastion/db/client';
import type { HierarchyNode, ReorderNodeInput } from '@bastion/domain/catalog/admin-api';
import { findNode, listSiblings, lockHierarchy, setSortOrder } from './catalog-admin.repository.ts';
import { invalidField, nodeNotFound } from './catalog-admin-errors.ts';
import { hierarchyNodeOf } from './list-hierarchy.ts';

const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

/**
 * Moves a product line up or down among its siblings, or to a given place (1 = first). The
 * siblings are then numbered 1, 2, 3… in their new order, all in one transaction, so gaps and
 * ties left by older data disappear. Moving the first line up (or the last down) changes nothing.
 */
export async function reorderHierarchyNode(
  db: Database,
  input: ReorderNodeInput,
  now: Date = new Date(),
): Promise<HierarchyNode & { fromPosition: number; toPosition: number; siblingCount: number }> {
  const result = await db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const existing = await findNode(tx, input.id);
    if (!existing) throw nodeNotFound();
    const siblings = await listSiblings(tx, existing.parentId);
    const from = siblings.findIndex((node) => node.id === existing.id);
    let to: number;
    if (input.position !== undefined) {
      if (input.position > siblings.length) {
        throw invalidField(
          'position',
          `There ${siblings.length === 1 ? 'is' : 'are'} ${linesText(siblings.length)} at this level: choose a position from 1 to ${siblings.length}.`,
        );
      }
      to = input.position - 1;
    } else {
      to = Math.min(Math.max(from + (input.direction === 'up' ? -1 : 1), 0), siblings.length - 1);
    }
    const order = siblings.filter((node) => node.id !== existing.id);
    order.splice(to, 0, existing);
    let moved = existing;
    for (const [index, node] of order.entries()) {
      const sortOrder = index + 1;
      if (node.sortOrder === sortOrder) continue;
      await setSortOrder(tx, node.id, sortOrder, now);
      if (node.id === existing.id) moved = { ...existing, sortOrder, updatedAt: now };
    }
    return { node: moved, from: from + 1, to: to + 1, count: siblings.length };
  });
  return {
    ...(await hierarchyNodeOf(db, result.node)),
    fromPosition: result.from,
    toPosition: result.to,
    siblingCount: result.count,
  };
}

import type { Database } from '@bastion/db/client';
import type { AddNodeInput, HierarchyNode } from '@bastion/domain/catalog/admin-api';
import {
  findFamily,
  findNode,
  insertNode,
  lockHierarchy,
  nextSortOrder,
} from './catalog-admin.repository.ts';
import { invalidField } from './catalog-admin-errors.ts';
import { requireFreeName } from './hierarchy-names.ts';
import { hierarchyNodeOf } from './list-hierarchy.ts';

/** Adds a product line at the top level or under another, last among its siblings. */
export async function addHierarchyNode(
  db: Database,
  input: AddNodeInput,
  now: Date = new Date(),
): Promise<HierarchyNode> {
  const node = await db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const parent = input.parent_id ? await findNode(tx, input.parent_id) : null;
    if (input.parent_id && !parent) {
      throw invalidField('parent_id', 'The parent product line no longer exists. Reload the page.');
    }
    // A line takes its parent's family unless told otherwise.
    const familyId = input.family_id === undefined ? (parent?.familyId ?? null) : input.family_id;
    if (familyId && !(await findFamily(tx, familyId))) {
      throw invalidField('family_id', `There is no product family ${familyId}.`);
    }
    await requireFreeName(tx, input.parent_id, input.name, null);
    return insertNode(tx, {
      parentId: input.parent_id,
      name: input.name,
      familyId: familyId || null,
      sortOrder: await nextSortOrder(tx, input.parent_id),
      updatedAt: now,
    });
  });
  return hierarchyNodeOf(db, node);
}

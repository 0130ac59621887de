import type { Database } from '@bastion/db/client';
import { findNode, findSiblingNamed } from './catalog-admin.repository.ts';
import { conflictOn } from './catalog-admin-errors.ts';

/** Where a line would sit, in words: "under Firewalls" or "at the top level". */
export async function placeOf(db: Database, parentId: string | null): Promise<string> {
  if (parentId === null) return 'at the top level';
  const parent = await findNode(db, parentId);
  return parent ? `under ${parent.name}` : 'there';
}

/**
 * Siblings have distinct names whatever their case, so a path of names finds one line. Call
 * with the hierarchy locked.
 */
export async function requireFreeName(
  db: Database,
  parentId: string | null,
  name: string,
  exceptId: string | null,
): Promise<void> {
  const sibling = await findSiblingNamed(db, parentId, name, exceptId);
  if (sibling) {
    throw conflictOn(
      'name',
      `There is already a product line called “${sibling.name}” ${await placeOf(db, parentId)}. Sibling lines need different names.`,
    );
  }
}

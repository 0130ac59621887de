import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  countNodeContents,
  deleteNode,
  findNode,
  lockHierarchy,
} from './catalog-admin.repository.ts';
import { nodeNotFound } from './catalog-admin-errors.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deletes an empty product line: one with no lines and no SKUs (inactive ones too) under it. */
export async function deleteHierarchyNode(db: Database, id: string) {
  return db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const node = await findNode(tx, id);
    if (!node) throw nodeNotFound();
    const contents = await countNodeContents(tx, id);
    if (contents.children > 0 || contents.skus > 0) {
      const held = [
        contents.children > 0 ? plural(contents.children, 'product line', 'product lines') : '',
        contents.skus > 0 ? plural(contents.skus, 'SKU', 'SKUs') : '',
      ]
        .filter(Boolean)
        .join(' and ');
      throw new AppError(
        'CONFLICT',
        `${node.name} still holds ${held}. Move or delete them first; only an empty product line can be deleted.`,
      );
    }
    await deleteNode(tx, id);
    return { id: node.id, name: node.name, is_deleted: true as const };
  });
}

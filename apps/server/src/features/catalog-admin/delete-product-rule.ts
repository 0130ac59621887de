import type { Database } from '@bastion/db/client';
import { deleteProductRuleAtVersion, findProductRuleRow } from './product-rules.repository.ts';
import { productRuleNotFound, staleProductRule } from './product-rule-view.ts';

/** Deletes a product rule at the version the admin saw; its name stays in the audit. */
export async function deleteProductRule(db: Database, id: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await findProductRuleRow(tx, id);
    if (!current) throw productRuleNotFound();
    if (current.rule.version !== version) throw staleProductRule();
    if (!(await deleteProductRuleAtVersion(tx, id, version))) throw staleProductRule();
    return { id, is_deleted: true as const, name: current.rule.name };
  });
}

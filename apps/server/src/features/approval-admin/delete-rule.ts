import type { Database } from '@bastion/db/client';
import { notFound, staleRecord } from './approval-admin-errors.ts';
import { deleteRuleAtVersion, findRule } from './approval-admin.repository.ts';

/** Deletes a rule: quotes submitted from now on no longer ask for its groups. */
export async function deleteApprovalRule(db: Database, id: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await findRule(tx, id);
    if (!current) throw notFound('approval rule');
    if (current.rule.version !== version) throw staleRecord('approval rule');
    if (!(await deleteRuleAtVersion(tx, id, version))) throw staleRecord('approval rule');
    return { id, is_deleted: true as const, name: current.rule.name };
  });
}

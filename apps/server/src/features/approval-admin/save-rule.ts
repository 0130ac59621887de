import { checkPredicateTree } from '@bastion/domain/approvals/predicates';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { SaveRuleInput } from '@bastion/domain/approval-admin/api';
import { invalidField, requireAllStored } from './approval-admin-errors.ts';
import {
  findRule,
  findRuleNamed,
  insertRule,
  listGroupScopes,
  updateRuleAtVersion,
  type RuleFields,
} from './approval-admin.repository.ts';
import { getApprovalRule } from './list-rules.ts';
import { saveNamedAtVersion } from './save-at-version.ts';

/**
 * Creates an approval rule (no id) or changes one. The condition must pass checkPredicateTree
 * (the refusal names the place: "Condition › condition 2: …") and every group must exist.
 */
export async function saveApprovalRule(
  db: Database,
  caller: AuthContext,
  input: SaveRuleInput,
  now = new Date(),
) {
  const fields = ruleFieldsOf(input);
  const id = await saveNamedAtVersion(db, input, 'approval rule', fields.name, (tx) => ({
    checkReferences: async () =>
      requireAllStored(
        fields.groupIds,
        await listGroupScopes(tx),
        'group_ids',
        'One of the chosen approval groups no longer exists; reload the groups.',
      ),
    findNamed: () => findRuleNamed(tx, fields.name, input.id),
    insert: () => insertRule(tx, fields, caller.userId, now),
    find: async (id) => (await findRule(tx, id))?.rule,
    update: (id, expectedVersion) =>
      updateRuleAtVersion(tx, { id, expectedVersion, fields }, caller.userId, now),
  }));
  return { ...(await getApprovalRule(db, id)), isCreated: input.id === undefined };
}

/** What the form asks for, checked on its own: a sound condition and at least one group. */
function ruleFieldsOf(input: SaveRuleInput): RuleFields {
  const check = checkPredicateTree(input.predicate);
  if (!check.ok) throw invalidField('predicate', check.message);
  const groupIds = [...new Set(input.group_ids)];
  if (groupIds.length === 0) {
    throw invalidField('group_ids', 'Choose at least one approval group the rule requires.');
  }
  return {
    name: input.name,
    description: input.description,
    predicate: check.tree,
    groupIds,
    isActive: input.is_active,
    alwaysReapprove: input.always_reapprove,
  };
}

import { describePredicateTree, type PredicateNode } from '@bastion/domain/approvals/predicates';
import type { Database } from '@bastion/db/client';
import type { RuleView } from '@bastion/domain/approval-admin/api';
import { notFound } from './approval-admin-errors.ts';
import { findRule, listGroupScopes, listRules, type RuleRow } from './approval-admin.repository.ts';
import { versionedFieldsOf } from '../../lib/edited-fields.ts';

type GroupScope = Awaited<ReturnType<typeof listGroupScopes>>[number];

function ruleView(
  row: { rule: RuleRow; editor: string | null },
  groups: ReadonlyMap<string, GroupScope>,
): RuleView {
  const { rule } = row;
  // Stored trees went through checkPredicateTree at save.
  const predicate = rule.predicate as PredicateNode;
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    predicate,
    condition_text: describePredicateTree(predicate),
    group_ids: rule.groupIds,
    groups: rule.groupIds.flatMap((id) => {
      const group = groups.get(id);
      return group ? [{ id, name: group.name, is_active: group.isActive }] : [];
    }),
    is_active: rule.isActive,
    always_reapprove: rule.alwaysReapprove,
    ...versionedFieldsOf(rule, row.editor),
  };
}

const byId = (groups: readonly GroupScope[]) => new Map(groups.map((g) => [g.id, g]));

export async function listApprovalRules(db: Database) {
  const [rows, groups] = await Promise.all([listRules(db), listGroupScopes(db)]);
  const scopes = byId(groups);
  return { rules: rows.map((row) => ruleView(row, scopes)) };
}

export async function getApprovalRule(db: Database, id: string): Promise<RuleView> {
  const row = await findRule(db, id);
  if (!row) throw notFound('approval rule');
  return ruleView(row, byId(await listGroupScopes(db)));
}

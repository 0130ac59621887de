import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { RuleView } from '@bastion/domain/terms/api';
import { findRule, listRules, type RuleRow } from './terms.repository.ts';
import { versionedFieldsOf } from '../../lib/edited-fields.ts';

export function ruleView(row: {
  rule: RuleRow;
  clauseTitle: string;
  clauseIsActive: boolean;
  editor: string | null;
}): RuleView {
  const { rule } = row;
  return {
    id: rule.id,
    code: rule.code,
    name: rule.name,
    condition: rule.condition,
    effect: rule.effect,
    clause_id: rule.clauseId,
    clause_title: row.clauseTitle,
    clause_is_active: row.clauseIsActive,
    is_active: rule.isActive,
    ...versionedFieldsOf(rule, row.editor),
  };
}

export async function listClauseRules(db: Database) {
  return { rules: (await listRules(db)).map(ruleView) };
}

export async function requireRule(db: Database, id: string) {
  const row = await findRule(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such clause rule.');
  return row;
}

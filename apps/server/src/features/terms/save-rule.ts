import { checkClauseCondition } from '@bastion/domain/terms/clause-rules';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { clauseNotFound } from './list-clauses.ts';
import { requireRule, ruleView } from './list-rules.ts';
import type { SaveRuleInput } from '@bastion/domain/terms/api';
import {
  findClause,
  insertRule,
  updateRuleAtVersion,
  type RuleFields,
} from './terms.repository.ts';

export const STALE_RULE_MESSAGE =
  'Someone changed this rule after you opened it. Reload it to see their changes, then make yours again.';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });

/**
 * Creates a clause rule (no id) or changes one. The condition is the form rules' language over
 * quote facts; one that does not parse, or asks about something that is not a fact, is refused
 * with the reason.
 */
export async function saveRule(
  db: Database,
  caller: AuthContext,
  input: SaveRuleInput,
  now = new Date(),
) {
  const condition = input.condition.trim();
  const check = checkClauseCondition(condition);
  if (!check.ok) throw invalid('condition', check.message);
  const clause = await findClause(db, input.clause_id);
  if (!clause) throw invalid('clause_id', clauseNotFound().userMessage);
  if (!clause.clause.isActive && input.is_active) {
    throw invalid(
      'clause_id',
      `Clause "${clause.clause.title}" is withdrawn from the library; an active rule cannot put it on quotes.`,
    );
  }
  const fields: RuleFields = {
    name: input.name,
    condition,
    effect: input.effect,
    clauseId: input.clause_id,
    isActive: input.is_active,
  };

  if (input.id === undefined) {
    const id = await insertRule(db, fields, caller.userId, now);
    return { ...ruleView(await requireRule(db, id)), isCreated: true };
  }
  const current = await requireRule(db, input.id);
  if (input.version === undefined) {
    throw invalid('version', 'Send the version of the rule you changed.');
  }
  if (input.version !== current.rule.version) throw new AppError('CONFLICT', STALE_RULE_MESSAGE);
  const isSaved = await updateRuleAtVersion(
    db,
    { id: input.id, expectedVersion: input.version, fields },
    caller.userId,
    now,
  );
  if (!isSaved) throw new AppError('CONFLICT', STALE_RULE_MESSAGE);
  return { ...ruleView(await requireRule(db, input.id)), isCreated: false };
}

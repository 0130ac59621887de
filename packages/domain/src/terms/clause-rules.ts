import {
  ConditionSyntaxError,
  evaluateCondition,
  fieldsOf,
  parseCondition,
  type ConditionNode,
} from '../forms/condition.ts';
import type { FormValues } from '../forms/recipe.ts';
import { QUOTE_FACTS, isQuoteFactName } from './quote-facts.ts';

/**
 * Clause rules (issue 6): a condition in the form rules' language (forms/condition.ts) over a
 * quote's facts, and an effect on one clause. ATTACH puts the clause on the quote (the user may
 * take it off); REQUIRE puts it there for good. An empty condition always holds.
 */

export const CLAUSE_RULE_EFFECTS = ['ATTACH', 'REQUIRE'] as const;
export type ClauseRuleEffect = (typeof CLAUSE_RULE_EFFECTS)[number];

export interface ClauseRule {
  id: string;
  name: string;
  condition: string;
  effect: ClauseRuleEffect;
  clause_id: string;
  is_active: boolean;
}

export type ConditionCheck =
  { ok: true; node: ConditionNode | null } | { ok: false; message: string; position?: number };

/**
 * Parses a rule's condition and checks that it only asks about quote facts, so a typo in a fact
 * name is a message on save rather than a rule that silently never holds.
 */
export function checkClauseCondition(condition: string): ConditionCheck {
  if (condition.trim() === '') return { ok: true, node: null };
  let node: ConditionNode;
  try {
    node = parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) {
      return {
        ok: false,
        message: `The condition is not valid: ${error.message}.`,
        position: error.position,
      };
    }
    throw error;
  }
  const unknown = fieldsOf(node).filter((field) => !isQuoteFactName(field));
  if (unknown.length > 0) {
    const names = unknown.map((f) => `'${f}'`).join(', ');
    return {
      ok: false,
      message: `The condition asks about ${names}, which ${unknown.length === 1 ? 'is not a quote fact' : 'are not quote facts'}. The facts are ${QUOTE_FACTS.map((f) => f.name).join(', ')}.`,
    };
  }
  return { ok: true, node };
}

export interface ClauseOutcome {
  effect: ClauseRuleEffect;
  /** The rules that put the clause on the quote, by name, in the order given. */
  rule_names: string[];
}

export interface RuleEvaluation {
  /** By clause id; REQUIRE wins over ATTACH when several rules target one clause. */
  outcomes: Map<string, ClauseOutcome>;
  /** Rules skipped because their condition is broken (they were saved before a check existed). */
  warnings: string[];
}

/**
 * Runs the active rules on a quote's facts. A rule whose condition cannot be read is skipped
 * with a warning, like a broken form rule: the quote keeps working.
 */
export function evaluateClauseRules(
  rules: readonly ClauseRule[],
  facts: FormValues,
  isClauseActive: (clauseId: string) => boolean = () => true,
): RuleEvaluation {
  const outcomes = new Map<string, ClauseOutcome>();
  const warnings: string[] = [];
  for (const rule of rules) {
    if (!rule.is_active || !isClauseActive(rule.clause_id)) continue;
    const check = checkClauseCondition(rule.condition);
    if (!check.ok) {
      warnings.push(`Rule "${rule.name}" skipped: ${check.message}`);
      continue;
    }
    if (check.node !== null && !evaluateCondition(check.node, facts)) continue;
    const known = outcomes.get(rule.clause_id);
    if (!known) {
      outcomes.set(rule.clause_id, { effect: rule.effect, rule_names: [rule.name] });
    } else {
      known.rule_names.push(rule.name);
      if (rule.effect === 'REQUIRE') known.effect = 'REQUIRE';
    }
  }
  return { outcomes, warnings };
}

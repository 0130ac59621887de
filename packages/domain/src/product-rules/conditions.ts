/**
 * Conditions of product rules: the predicate trees of approval rules (approvals/predicates.ts),
 * with their checker, operators and limits, over the facts of facts.ts.
 */
import {
  checkConditionTree,
  predicateHolds,
  type PredicateCheck,
  type PredicateNode,
} from '../approvals/predicates.ts';
import type { FactCheck } from './facts.ts';

export type ConditionCheck = PredicateCheck;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a tree received as JSON. `where` names the rule ("Rule 'X'"); the root is its
 * "condition", the root group's children "condition 1", "condition 2", and so on down.
 */
export function checkCondition(
  input: unknown,
  where: string,
  factOf: (name: string) => FactCheck,
): ConditionCheck {
  return checkConditionTree(input, factOf, { root: `${where} › condition`, within: where });
}

/** A fact's value in one evaluation, and the lines behind it. */
export interface FactValue {
  value: number | string | boolean | undefined;
  line_keys: readonly string[];
}

export interface ConditionResult {
  matched: boolean;
  /** The lines behind the predicates that held. */
  line_keys: Set<string>;
}

/** Evaluates a checked tree; every predicate is read, so the lines of each one that held are known. */
export function evaluateCondition(
  node: PredicateNode,
  valueOf: (fact: string) => FactValue,
): ConditionResult {
  if (node.kind === 'predicate') {
    const { value, line_keys } = valueOf(node.fact);
    const matched = predicateHolds(node, value);
    return { matched, line_keys: new Set(matched ? line_keys : []) };
  }
  const results = node.children.map((child) => evaluateCondition(child, valueOf));
  const matched =
    node.combinator === 'AND' ? results.every((r) => r.matched) : results.some((r) => r.matched);
  const line_keys = new Set<string>();
  if (matched) for (const result of results) for (const key of result.line_keys) line_keys.add(key);
  return { matched, line_keys };
}

import type { ApprovalFacts } from './facts.ts';
import {
  evaluatePredicateTree,
  type PredicateExplanation,
  type PredicateNode,
} from './predicates.ts';

export interface ApprovalRule {
  id: string;
  name: string;
  /** A tree that passed checkPredicateTree. */
  predicate: PredicateNode;
  group_ids: readonly string[];
  is_active: boolean;
  /** Issue 37: any change to an approved quote asks this rule's groups again. */
  always_reapprove?: boolean;
}

export interface ApprovalGroupScope {
  id: string;
  name: string;
  is_global: boolean;
  /** For a group that is not global: the regions it covers. */
  regions: readonly string[];
  is_active: boolean;
}

export interface MatchedRule {
  rule_id: string;
  rule_name: string;
  /** Only the predicates that held: the "why" shown before submitting and to approvers. */
  reasons: PredicateExplanation[];
  group_ids: string[];
}

export interface RequiredGroup {
  group_id: string;
  group_name: string;
  /** Names of the rules that require it. */
  rule_names: string[];
}

export interface ApprovalRequirement {
  matched_rules: MatchedRule[];
  required_groups: RequiredGroup[];
}

/** A group that is not global covers only its regions (docs/decisions/013). */
export const groupCoversRegion = (group: ApprovalGroupScope, region: string): boolean =>
  group.is_global ||
  group.regions.some((r) => r.trim().toLowerCase() === region.trim().toLowerCase());

/**
 * Which active rules hold for the quote, and which groups must therefore approve. A rule naming
 * only groups that do not cover the quote's region, or inactive groups, requires nothing.
 */
export function evaluateApprovalRules(
  rules: readonly ApprovalRule[],
  groups: readonly ApprovalGroupScope[],
  facts: ApprovalFacts,
  region: string,
): ApprovalRequirement {
  const groupsById = new Map(groups.map((g) => [g.id, g]));
  const matched_rules: MatchedRule[] = [];
  const required = new Map<string, RequiredGroup>();

  for (const rule of [...rules].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!rule.is_active) continue;
    const evaluation = evaluatePredicateTree(rule.predicate, facts);
    if (!evaluation.matched) continue;
    const applicable = rule.group_ids.filter((id) => {
      const group = groupsById.get(id);
      return group !== undefined && group.is_active && groupCoversRegion(group, region);
    });
    matched_rules.push({
      rule_id: rule.id,
      rule_name: rule.name,
      reasons: evaluation.explanations.filter((e) => e.matched),
      group_ids: applicable,
    });
    for (const id of applicable) {
      const group = groupsById.get(id)!;
      const entry = required.get(id) ?? { group_id: id, group_name: group.name, rule_names: [] };
      entry.rule_names.push(rule.name);
      required.set(id, entry);
    }
  }
  return { matched_rules, required_groups: [...required.values()] };
}

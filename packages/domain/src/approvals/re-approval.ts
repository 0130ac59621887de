import { approvalFact, type ApprovalFactName, type ApprovalFacts } from './facts.ts';
import { predicateHolds, showValue, type Predicate, type PredicateNode } from './predicates.ts';
import type { ApprovalRequirement, ApprovalRule } from './rules.ts';

/**
 * Smart re-approval (issue 37, docs/decisions/040): when a submitted or approved quote changes,
 * which of the groups that approved it must be asked again. A group keeps its approval unless a
 * rule that requires it now asks again: the rule says "always re-approve", the rule did not hold
 * before, or a condition of it that holds now moved for the worse:
 * - "more than" / "at least": the value rose (a deeper discount, a larger net, a longer term);
 * - "less than" / "at most": the value fell (a thinner margin, a smaller uplift);
 * - "is", "is not", "is one of", "is none of": the value changed;
 * - a yes/no fact: the answer changed, or what stands behind a "yes" changed (the custom
 *   clauses' text, the approval SKUs on the quote, the partner's exception: the evidence).
 * A value that was not known before and is now counts as moved. Pure: the server loads the facts.
 */

/** What stands behind a yes/no fact, so that a change which keeps it "yes" is still seen. */
export type FactEvidence = Partial<Record<ApprovalFactName, string>>;

/** Why a group is asked again, when a change to a "yes" fact's evidence is the cause. */
export const EVIDENCE_CHANGES: Partial<Record<ApprovalFactName, string>> = {
  has_custom_clause: 'A custom clause was added, removed or reworded.',
  has_approval_sku: 'The approval SKUs on the quote changed.',
  has_partner_exception: 'The partner exception that applies changed.',
};

export interface ReapprovalInput {
  /** The active rules, as evaluated (their trees checked). */
  rules: readonly ApprovalRule[];
  before: { facts: ApprovalFacts; evidence: FactEvidence; matched_rule_ids: readonly string[] };
  after: { facts: ApprovalFacts; evidence: FactEvidence; requirement: ApprovalRequirement };
  /** Groups whose approval of the earlier submission stands. */
  approved_group_ids: ReadonlySet<string>;
  /** Groups the earlier submission asked (approved, waiting or pending). */
  asked_group_ids: ReadonlySet<string>;
}

export interface GroupReapproval {
  group_id: string;
  /** The group's earlier approval stands for the changed quote. */
  keeps_approval: boolean;
  /** Why it is asked (again); empty when it keeps its approval or was never decided. */
  reasons: string[];
}

const predicatesOf = (node: PredicateNode): Predicate[] =>
  node.kind === 'predicate' ? [node] : node.children.flatMap(predicatesOf);

const isKnown = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Why a condition that holds now moved for the worse since the earlier facts; null if it did not. */
export function worseningOf(
  predicate: Predicate,
  before: { facts: ApprovalFacts; evidence: FactEvidence },
  after: { facts: ApprovalFacts; evidence: FactEvidence },
): string | null {
  const fact = approvalFact(predicate.fact);
  if (!fact) return null;
  const was: unknown = (before.facts as Record<string, unknown>)[predicate.fact];
  const is: unknown = (after.facts as Record<string, unknown>)[predicate.fact];
  if (!predicateHolds(predicate, is)) return null;
  const shown = (value: unknown) => showValue(fact, value);
  if (fact.type === 'boolean') {
    if ((was === true) !== (is === true)) {
      return `${fact.label} changed from ${shown(was === true)} to ${shown(is === true)}.`;
    }
    const name = predicate.fact as ApprovalFactName;
    const sentence = EVIDENCE_CHANGES[name];
    return is === true && sentence !== undefined && before.evidence[name] !== after.evidence[name]
      ? sentence
      : null;
  }
  if (!isKnown(was)) return isKnown(is) ? `${fact.label} is now ${shown(is)}.` : null;
  if (typeof was === 'number' && typeof is === 'number') {
    switch (predicate.op) {
      case 'gt':
      case 'gte':
        return is > was ? `${fact.label} rose from ${shown(was)} to ${shown(is)}.` : null;
      case 'lt':
      case 'lte':
        return is < was ? `${fact.label} fell from ${shown(was)} to ${shown(is)}.` : null;
      default:
        break;
    }
  }
  const same =
    typeof was === 'string' && typeof is === 'string'
      ? was.toLowerCase() === is.toLowerCase()
      : was === is;
  return same ? null : `${fact.label} changed from ${shown(was)} to ${shown(is)}.`;
}

/** For every group the changed quote requires: does its approval stand, and if not, why. */
export function planReapproval(input: ReapprovalInput): GroupReapproval[] {
  const rulesById = new Map(input.rules.map((rule) => [rule.id, rule]));
  const matchedBefore = new Set(input.before.matched_rule_ids);
  return input.after.requirement.required_groups.map((group) => {
    if (!input.approved_group_ids.has(group.group_id)) {
      const reasons = input.asked_group_ids.has(group.group_id)
        ? []
        : [`Required now by ${group.rule_names.map((name) => `rule "${name}"`).join(', ')}.`];
      return { group_id: group.group_id, keeps_approval: false, reasons };
    }
    const reasons = input.after.requirement.matched_rules
      .filter((matched) => matched.group_ids.includes(group.group_id))
      .flatMap((matched) => {
        const rule = rulesById.get(matched.rule_id);
        if (!rule) return [];
        if (rule.always_reapprove === true) {
          return [`Rule "${rule.name}" asks again after any change.`];
        }
        if (!matchedBefore.has(rule.id)) return [`Rule "${rule.name}" holds now.`];
        return predicatesOf(rule.predicate).flatMap((predicate) => {
          const why = worseningOf(predicate, input.before, input.after);
          return why === null ? [] : [why];
        });
      });
    const unique = [...new Set(reasons)];
    return { group_id: group.group_id, keeps_approval: unique.length === 0, reasons: unique };
  });
}

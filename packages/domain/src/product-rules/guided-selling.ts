/**
 * Guided selling (issue 34, docs/configuration.md): a seller answers a short questionnaire (a
 * form recipe) and the product rules propose a starting bill of materials. Rules read the
 * answers as `answer:<question>` facts; the proposal is what their selections and
 * recommendations add to an empty quote, then the fixes the rules offer for those lines (the
 * support an appliance needs), each with the reason the seller reviews before accepting it.
 */
import { evaluateProductRules } from './evaluate.ts';
import type {
  LineChange,
  OfferedAction,
  ProductRule,
  ProductRuleInput,
  RuleLine,
} from './model.ts';

export interface ProposedLine {
  sku: string;
  /** One per contract year. */
  quantities: number[];
  /** Why: the rule's message, or its name when it has none. */
  reason: string;
  rule_id: string;
  /** selection: what the answers call for; fix: what those lines need; recommendation: a suggestion. */
  source: 'selection' | 'fix' | 'recommendation';
  /** An HA-capable appliance proposed when the answers ask for high availability. */
  high_availability: boolean;
}

/** The question whose yes (1) marks the appliances proposed as high-availability pairs. */
export const HIGH_AVAILABILITY_QUESTION = 'high_availability';

export interface Proposal {
  lines: ProposedLine[];
  /** Rules that failed while proposing: skipped, the others still ran. */
  broken: { rule_id: string; message: string }[];
}

const adds = (action: OfferedAction): LineChange[] =>
  action.changes.filter((change) => change.op === 'add');

/**
 * The lines the rules propose for these answers, on `today` ('YYYY-MM-DD'), in the order the
 * rules run; one line per SKU (a later rule's quantities for a SKU already proposed are kept
 * aside: the first reason stands).
 */
export function proposeLines(
  input: Omit<ProductRuleInput, 'lines'>,
  answers: Readonly<Record<string, number>>,
  rules: readonly ProductRule[],
  today: string,
): Proposal {
  const kindOf = new Map(rules.map((rule) => [rule.id, rule.kind]));
  const reasonOf = (ruleId: string, fallback: string) => {
    const rule = rules.find((candidate) => candidate.id === ruleId);
    return rule?.name ?? fallback;
  };
  const wantsPairs = answers[HIGH_AVAILABILITY_QUESTION] === 1;
  const isPair = (sku: string) => {
    const entry = input.catalog[sku];
    return wantsPairs && entry?.kind === 'HARDWARE' && entry.attributes.ha_capable === true;
  };
  const proposed: ProposedLine[] = [];
  const take = (action: OfferedAction, source: ProposedLine['source'], reason: string) => {
    for (const change of adds(action)) {
      if (proposed.some((line) => line.sku === change.sku)) continue;
      proposed.push({
        sku: change.sku,
        quantities: change.quantities,
        reason,
        rule_id: action.rule_id,
        source,
        high_availability: isPair(change.sku),
      });
    }
  };

  // What the answers call for, on an empty quote.
  const first = evaluateProductRules({ ...input, answers, lines: [] }, rules, today);
  const messageOf = (ruleId: string) =>
    first.messages.find((message) => message.rule_id === ruleId)?.message;
  for (const action of [...first.applied, ...first.actions]) {
    const kind = kindOf.get(action.rule_id);
    if (kind !== 'selection' && kind !== 'recommendation') continue;
    take(
      action,
      kind === 'selection' ? 'selection' : 'recommendation',
      messageOf(action.rule_id) ?? reasonOf(action.rule_id, action.label),
    );
  }

  // What those lines need: the fixes the validation rules offer for them.
  const chosen: RuleLine[] = proposed
    .filter((line) => line.source === 'selection')
    .map((line, index) => ({
      key: `proposed-${index}`,
      sku: line.sku,
      quantities: line.quantities,
      attributes: { high_availability: line.high_availability },
    }));
  const second = evaluateProductRules({ ...input, answers, lines: chosen }, rules, today);
  for (const action of second.actions) {
    if (kindOf.get(action.rule_id) !== 'validation') continue;
    // A rule says one message per case it finds (per appliance model) with that case's fixes.
    const messages = second.messages.filter((m) => m.rule_id === action.rule_id);
    const actions = second.actions.filter((a) => a.rule_id === action.rule_id);
    const message =
      messages.length === actions.length
        ? messages[actions.indexOf(action)]?.message
        : messages[0]?.message;
    take(action, 'fix', message ?? reasonOf(action.rule_id, action.label));
  }
  const broken = [...first.broken, ...second.broken].filter(
    (failure, index, all) => all.findIndex((f) => f.rule_id === failure.rule_id) === index,
  );
  return { lines: proposed, broken };
}

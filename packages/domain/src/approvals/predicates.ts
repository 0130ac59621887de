import { approvalFact, type ApprovalFactDefinition, type ApprovalFacts } from './facts.ts';

/**
 * An approval rule's condition: predicates over the quote's facts, combined by nested AND/OR
 * groups. Stored as JSON; `checkPredicateTree` is the only way in, so a stored tree is valid.
 */

export const NUMBER_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
export const TEXT_OPERATORS = ['eq', 'neq', 'in', 'not_in'] as const;
export const BOOLEAN_OPERATORS = ['is_true', 'is_false'] as const;
export type PredicateOperator =
  | (typeof NUMBER_OPERATORS)[number]
  | (typeof TEXT_OPERATORS)[number]
  | (typeof BOOLEAN_OPERATORS)[number];

export const OPERATOR_LABELS: Readonly<Record<PredicateOperator, string>> = {
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  not_in: 'is none of',
  is_true: 'is yes',
  is_false: 'is no',
};

export interface Predicate {
  kind: 'predicate';
  fact: string;
  op: PredicateOperator;
  /** A number for number facts, text for eq/neq on text, a list for in/not_in, null for booleans. */
  value: number | string | string[] | null;
}

export interface PredicateGroup {
  kind: 'group';
  combinator: 'AND' | 'OR';
  children: PredicateNode[];
}

export type PredicateNode = Predicate | PredicateGroup;

export const MAX_PREDICATE_DEPTH = 5;
export const MAX_PREDICATES = 50;

export type PredicateCheck = { ok: true; tree: PredicateNode } | { ok: false; message: string };

const operatorsFor = (type: ApprovalFactDefinition['type']): readonly PredicateOperator[] =>
  type === 'number' ? NUMBER_OPERATORS : type === 'text' ? TEXT_OPERATORS : BOOLEAN_OPERATORS;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fact a condition names, as the tree's checker needs it, or why the name is refused. */
export type ConditionFact =
  | { ok: true; name: string; label: string; type: ApprovalFactDefinition['type'] }
  | { ok: false; problem: string };

const approvalConditionFact = (name: string): ConditionFact => {
  const fact = approvalFact(name);
  return fact
    ? { ok: true, name: fact.name, label: fact.label, type: fact.type }
    : { ok: false, problem: `'${name}' is not a quote fact approval rules know.` };
};

/** Validates a tree received as JSON; the message names the place and what is wrong with it. */
export function checkPredicateTree(input: unknown): PredicateCheck {
  return checkConditionTree(input, approvalConditionFact, {
    root: 'Condition',
    within: 'Condition',
  });
}

/**
 * The checker of every condition tree (approval rules, product rules): `factOf` knows the facts;
 * `places` names the root ("Condition") and what its conditions are numbered within, so that
 * a message reads "Condition › condition 2: …" or "Rule 'X' › condition 2: …".
 */
export function checkConditionTree(
  input: unknown,
  factOf: (name: string) => ConditionFact,
  places: { root: string; within: string },
): PredicateCheck {
  let count = 0;

  const fail = (where: string, problem: string): PredicateCheck => ({
    ok: false,
    message: `${where}: ${problem}`,
  });

  const visit = (node: unknown, where: string, within: string, depth: number): PredicateCheck => {
    if (!isRecord(node)) return fail(where, 'expected a predicate or a group.');
    if (node.kind === 'group') {
      if (depth > MAX_PREDICATE_DEPTH)
        return fail(where, `groups may be nested at most ${MAX_PREDICATE_DEPTH} deep.`);
      if (node.combinator !== 'AND' && node.combinator !== 'OR')
        return fail(where, 'a group combines its conditions with AND or OR.');
      if (!Array.isArray(node.children) || node.children.length === 0)
        return fail(where, 'a group needs at least one condition.');
      const children: PredicateNode[] = [];
      for (const [index, child] of node.children.entries()) {
        const place = `${within} › condition ${index + 1}`;
        const checked = visit(child, place, place, depth + 1);
        if (!checked.ok) return checked;
        children.push(checked.tree);
      }
      return { ok: true, tree: { kind: 'group', combinator: node.combinator, children } };
    }
    if (node.kind !== 'predicate') return fail(where, 'expected a predicate or a group.');
    count += 1;
    if (count > MAX_PREDICATES)
      return fail(where, `a rule may have at most ${MAX_PREDICATES} conditions.`);
    if (typeof node.fact !== 'string' || node.fact === '')
      return fail(where, 'choose the quote fact to compare.');
    const fact = factOf(node.fact);
    if (!fact.ok) return fail(where, fact.problem);
    const allowed = operatorsFor(fact.type);
    if (typeof node.op !== 'string' || !allowed.includes(node.op as PredicateOperator))
      return fail(
        where,
        `'${String(node.op)}' cannot compare ${fact.label}; use ${allowed.join(', ')}.`,
      );
    const op = node.op as PredicateOperator;
    const value = node.value;
    if (fact.type === 'boolean') {
      return { ok: true, tree: { kind: 'predicate', fact: fact.name, op, value: null } };
    }
    if (fact.type === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return fail(where, `${fact.label} is compared with a number.`);
      return { ok: true, tree: { kind: 'predicate', fact: fact.name, op, value } };
    }
    if (op === 'in' || op === 'not_in') {
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        !value.every((v) => typeof v === 'string' && v.trim() !== '')
      )
        return fail(where, `${fact.label} '${OPERATOR_LABELS[op]}' needs a list of values.`);
      const values = [...new Set(value.map((v: string) => v.trim()))];
      return { ok: true, tree: { kind: 'predicate', fact: fact.name, op, value: values } };
    }
    if (typeof value !== 'string' || value.trim() === '')
      return fail(where, `${fact.label} is compared with a value.`);
    return { ok: true, tree: { kind: 'predicate', fact: fact.name, op, value: value.trim() } };
  };

  return visit(input, places.root, places.within, 1);
}

export interface PredicateExplanation {
  fact: string;
  /** "Largest effective discount is more than 30 %" */
  condition: string;
  /** The quote's value as shown to people: "40 %", "not set". */
  actual: string;
  /** The condition and the quote's value as one sentence: "Largest seller discount is 40 %, more than 30 %." */
  sentence: string;
  matched: boolean;
}

export interface PredicateEvaluation {
  matched: boolean;
  /** Every predicate that was evaluated, in tree order. */
  explanations: PredicateExplanation[];
}

const showNumber = (value: number, unit: string): string => {
  const text = Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (unit === '') return text;
  if (unit === 'USD') return `${text} USD`;
  return `${text} ${unit}`;
};

export const showValue = (fact: ApprovalFactDefinition, value: unknown): string => {
  if (value === undefined || value === null || value === '') return 'not set';
  if (fact.type === 'boolean') return value === true ? 'yes' : 'no';
  if (typeof value === 'number') return showNumber(value, fact.unit);
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** "Largest effective discount is more than 30 %" */
export function describePredicate(predicate: Predicate): string {
  const fact = approvalFact(predicate.fact);
  const label = fact?.label ?? predicate.fact;
  if (predicate.op === 'is_true') return `${label} is yes`;
  if (predicate.op === 'is_false') return `${label} is no`;
  const value = Array.isArray(predicate.value)
    ? predicate.value.join(', ')
    : typeof predicate.value === 'number'
      ? showNumber(predicate.value, fact?.unit ?? '')
      : String(predicate.value);
  return `${label} ${OPERATOR_LABELS[predicate.op]} ${value}`;
}

/** A whole tree as one line: "(A or B) and C". */
export function describePredicateTree(node: PredicateNode): string {
  if (node.kind === 'predicate') return describePredicate(node);
  const parts = node.children.map((child) =>
    child.kind === 'group' && child.children.length > 1
      ? `(${describePredicateTree(child)})`
      : describePredicateTree(child),
  );
  return parts.join(node.combinator === 'AND' ? ' and ' : ' or ');
}

/** The comparison after the quote's value, when it holds: "Margin is 15 %, less than 20 %." */
const COMPARISON_WORDS: Readonly<Record<PredicateOperator, string>> = {
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  eq: '',
  neq: 'not',
  in: 'one of',
  not_in: 'none of',
  is_true: '',
  is_false: '',
};

/**
 * A predicate and the quote's value as one sentence, for every kind of fact, whether it holds or
 * not: "Largest seller discount is 40 %, more than 30 %.", "Region is EMEA, not one of APJ.",
 * "The partner has an active exception on the quote’s price date.", "Margin is not known for
 * this quote."
 */
export function reasonSentence(predicate: Predicate, actual: unknown): string {
  const fact = approvalFact(predicate.fact);
  const label = fact?.label ?? predicate.fact;
  if (fact?.type === 'boolean' || predicate.op === 'is_true' || predicate.op === 'is_false') {
    const isYes = actual === true;
    const sentences = fact?.sentences;
    if (sentences) return isYes ? sentences.yes : sentences.no;
    return `${label}: ${isYes ? 'yes' : 'no'} on this quote.`;
  }
  if (actual === undefined || actual === null || actual === '') {
    return `${label} is not known for this quote.`;
  }
  const shown = fact ? showValue(fact, actual) : JSON.stringify(actual);
  const isHeld = predicateHolds(predicate, actual);
  // "is" and "is not" need no comparison word when the answer already says it.
  if ((predicate.op === 'eq' && isHeld) || (predicate.op === 'neq' && !isHeld)) {
    return `${label} is ${shown}.`;
  }
  const expected = Array.isArray(predicate.value)
    ? predicate.value.join(', ')
    : typeof predicate.value === 'number'
      ? showNumber(predicate.value, fact?.unit ?? '')
      : String(predicate.value);
  const words =
    predicate.op === 'eq'
      ? 'not'
      : predicate.op === 'not_in' && !isHeld
        ? 'one of'
        : `${isHeld ? '' : 'not '}${COMPARISON_WORDS[predicate.op]}`;
  return `${label} is ${shown}, ${words} ${expected}.`;
}

/** Whether a predicate holds for the value its fact has (approval and product rules alike). */
export function predicateHolds(predicate: Predicate, actual: unknown): boolean {
  // An absent fact satisfies nothing but "is not"/"none of"/"is no": a quote without margin
  // data is not "margin below 10 %", and a rule must not fire on a missing value.
  if (predicate.op === 'is_true') return actual === true;
  if (predicate.op === 'is_false') return actual !== true;
  if (actual === undefined || actual === null || actual === '')
    return predicate.op === 'neq' || predicate.op === 'not_in';
  if (typeof predicate.value === 'number') {
    if (typeof actual !== 'number') return false;
    switch (predicate.op) {
      case 'gt':
        return actual > predicate.value;
      case 'gte':
        return actual >= predicate.value;
      case 'lt':
        return actual < predicate.value;
      case 'lte':
        return actual <= predicate.value;
      case 'eq':
        return actual === predicate.value;
      case 'neq':
        return actual !== predicate.value;
      default:
        return false;
    }
  }
  if (typeof actual !== 'string') return predicate.op === 'neq' || predicate.op === 'not_in';
  const text = actual.toLowerCase();
  if (Array.isArray(predicate.value)) {
    const found = predicate.value.some((v) => v.toLowerCase() === text);
    return predicate.op === 'in' ? found : !found;
  }
  const same = text === String(predicate.value).toLowerCase();
  return predicate.op === 'eq' ? same : !same;
}

/**
 * Evaluates a checked tree. Every predicate is evaluated (no short-circuit) so the preview can
 * show the value behind each condition, matched or not.
 */
export function evaluatePredicateTree(
  node: PredicateNode,
  facts: ApprovalFacts,
): PredicateEvaluation {
  if (node.kind === 'predicate') {
    const fact = approvalFact(node.fact);
    const actual = (facts as Record<string, unknown>)[node.fact];
    const matched = fact ? predicateHolds(node, actual) : false;
    return {
      matched,
      explanations: [
        {
          fact: node.fact,
          condition: describePredicate(node),
          actual: fact ? showValue(fact, actual) : 'unknown',
          sentence: reasonSentence(node, actual),
          matched,
        },
      ],
    };
  }
  const results = node.children.map((child) => evaluatePredicateTree(child, facts));
  const matched =
    node.combinator === 'AND' ? results.every((r) => r.matched) : results.some((r) => r.matched);
  return { matched, explanations: results.flatMap((r) => r.explanations) };
}

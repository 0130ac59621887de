import { APPROVAL_FACTS, approvalFact } from '@bastion/domain/approvals/facts';
import {
  BOOLEAN_OPERATORS,
  NUMBER_OPERATORS,
  TEXT_OPERATORS,
  type PredicateNode,
  type PredicateOperator,
} from '@bastion/domain/approvals/predicates';

/*
 * A rule's condition as the editor holds it: the domain's predicate tree, with a key per node
 * for React and the value as typed. `toPredicateTree` gives the JSON the server (and
 * checkPredicateTree) reads; nothing here decides whether it is valid. The facts a condition
 * may compare are a vocabulary: approval rules' (the default), or product rules'.
 */

/** A fact as the builder offers it: its type decides the operators and the value input. */
export interface ConditionFact {
  name: string;
  label: string;
  type: 'number' | 'text' | 'boolean';
  description: string;
  /** The values a text fact takes, for the pickers; empty when open-ended. */
  values: readonly string[];
  /** Shown after a number. */
  unit: string;
}

export interface FactVocabulary {
  /** The facts offered, in order; the first is a new condition's. */
  facts: readonly [ConditionFact, ...ConditionFact[]];
  /** A fact by name, also one the list does not offer (product rules' aggregates). */
  find: (name: string) => ConditionFact | undefined;
  /** Names are typed, with the facts offered as suggestions, rather than chosen from a list. */
  isOpen?: boolean;
}

export const APPROVAL_VOCABULARY: FactVocabulary = { facts: APPROVAL_FACTS, find: approvalFact };

export interface DraftPredicate {
  key: string;
  kind: 'predicate';
  fact: string;
  op: PredicateOperator;
  /** A number or a single value, as typed. */
  text: string;
  /** For "is one of" / "is none of". */
  values: string[];
}

export interface DraftGroup {
  key: string;
  kind: 'group';
  combinator: 'AND' | 'OR';
  children: DraftNode[];
}

export type DraftNode = DraftPredicate | DraftGroup;

let lastKey = 0;
const nextKey = () => `n${(lastKey += 1)}`;

export const operatorsFor = (fact: ConditionFact | undefined): readonly PredicateOperator[] =>
  fact?.type === 'number'
    ? NUMBER_OPERATORS
    : fact?.type === 'text'
      ? TEXT_OPERATORS
      : BOOLEAN_OPERATORS;

export function newPredicate(
  vocabulary: FactVocabulary = APPROVAL_VOCABULARY,
  factName: string = vocabulary.facts[0].name,
): DraftPredicate {
  const fact = vocabulary.find(factName);
  return {
    key: nextKey(),
    kind: 'predicate',
    fact: factName,
    op: operatorsFor(fact)[0] ?? 'is_true',
    text: '',
    values: [],
  };
}

export function newGroup(
  combinator: 'AND' | 'OR' = 'AND',
  vocabulary: FactVocabulary = APPROVAL_VOCABULARY,
): DraftGroup {
  return { key: nextKey(), kind: 'group', combinator, children: [newPredicate(vocabulary)] };
}

/** A stored tree as the editor holds it; a lone predicate becomes a group of one. */
export function fromPredicateTree(
  node: PredicateNode | null,
  vocabulary: FactVocabulary = APPROVAL_VOCABULARY,
): DraftGroup {
  if (node === null) return newGroup('AND', vocabulary);
  const draft = toDraft(node);
  return draft.kind === 'group'
    ? draft
    : { key: nextKey(), kind: 'group', combinator: 'AND', children: [draft] };
}

function toDraft(node: PredicateNode): DraftNode {
  if (node.kind === 'group') {
    return {
      key: nextKey(),
      kind: 'group',
      combinator: node.combinator,
      children: node.children.map(toDraft),
    };
  }
  return {
    key: nextKey(),
    kind: 'predicate',
    fact: node.fact,
    op: node.op,
    text: Array.isArray(node.value) || node.value === null ? '' : String(node.value),
    values: Array.isArray(node.value) ? [...node.value] : [],
  };
}

/** The JSON tree the server checks. A number that does not read as one stays text, so the check says so. */
export function toPredicateTree(
  node: DraftNode,
  vocabulary: FactVocabulary = APPROVAL_VOCABULARY,
): unknown {
  if (node.kind === 'group') {
    return {
      kind: 'group',
      combinator: node.combinator,
      children: node.children.map((child) => toPredicateTree(child, vocabulary)),
    };
  }
  const fact = vocabulary.find(node.fact);
  let value: unknown = null;
  if (fact?.type === 'number') {
    const text = node.text.trim().replace(/,/g, '');
    value = text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : node.text;
  } else if (fact?.type === 'text') {
    value = node.op === 'in' || node.op === 'not_in' ? node.values : node.text;
  }
  return { kind: 'predicate', fact: node.fact, op: node.op, value };
}

/** The fact changed: keep the operator and value when they still fit, else start afresh. */
export function withFact(
  predicate: DraftPredicate,
  factName: string,
  vocabulary: FactVocabulary = APPROVAL_VOCABULARY,
): DraftPredicate {
  const before = vocabulary.find(predicate.fact);
  const after = vocabulary.find(factName);
  const operators = operatorsFor(after);
  const isSameType = before?.type === after?.type;
  return {
    ...predicate,
    fact: factName,
    op: isSameType && operators.includes(predicate.op) ? predicate.op : (operators[0] ?? 'is_true'),
    text: isSameType && after?.type === 'number' ? predicate.text : '',
    values: [],
  };
}

/** Replaces the node with `key` anywhere in the tree. */
export function replaceNode(root: DraftGroup, key: string, next: DraftNode): DraftGroup {
  const visit = (node: DraftNode): DraftNode => {
    if (node.key === key) return next;
    return node.kind === 'group' ? { ...node, children: node.children.map(visit) } : node;
  };
  return visit(root) as DraftGroup;
}

/** Removes the node with `key` (never the root). */
export function removeNode(root: DraftGroup, key: string): DraftGroup {
  const visit = (group: DraftGroup): DraftGroup => ({
    ...group,
    children: group.children
      .filter((child) => child.key !== key)
      .map((child) => (child.kind === 'group' ? visit(child) : child)),
  });
  return visit(root);
}

/** How many groups deep a node sits (the root group is 1). */
export function depthOf(root: DraftGroup, key: string): number {
  const visit = (node: DraftNode, depth: number): number => {
    if (node.key === key) return depth;
    if (node.kind !== 'group') return 0;
    for (const child of node.children) {
      const found = visit(child, depth + 1);
      if (found > 0) return found;
    }
    return 0;
  };
  return visit(root, 1);
}

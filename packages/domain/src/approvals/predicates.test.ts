import { describe, expect, it } from 'vitest';
import { APPROVAL_FACTS, type ApprovalFacts } from './facts.ts';
import {
  checkPredicateTree,
  describePredicateTree,
  evaluatePredicateTree,
  reasonSentence,
  type Predicate,
  type PredicateNode,
} from './predicates.ts';

const p = (fact: string, op: string, value: unknown = null) => ({
  kind: 'predicate',
  fact,
  op,
  value,
});
const and = (...children: unknown[]) => ({ kind: 'group', combinator: 'AND', children });
const or = (...children: unknown[]) => ({ kind: 'group', combinator: 'OR', children });

const checked = (input: unknown): PredicateNode => {
  const result = checkPredicateTree(input);
  if (!result.ok) throw new Error(result.message);
  return result.tree;
};

describe('checkPredicateTree', () => {
  it.each<[string, unknown]>([
    ['a number comparison', p('max_line_discount_percent', 'gt', 30)],
    ['a text comparison', p('deal_type', 'eq', 'NB')],
    ['a list', p('region', 'in', ['EMEA', 'APJ'])],
    ['a yes/no fact', p('has_custom_clause', 'is_true')],
    [
      'nested groups',
      and(
        p('net_total_usd', 'gte', 1e6),
        or(p('sales_channel', 'eq', 'T2'), p('has_partner_exception', 'is_true')),
      ),
    ],
  ])('accepts %s', (_name, tree) => {
    expect(checkPredicateTree(tree).ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'discount > 30', 'Condition: expected a predicate or a group.'],
    [
      'an unknown fact',
      p('regoin', 'eq', 'EMEA'),
      "Condition: 'regoin' is not a quote fact approval rules know.",
    ],
    [
      'an operator that does not fit',
      p('deal_type', 'gt', 3),
      "Condition: 'gt' cannot compare Deal type; use eq, neq, in, not_in.",
    ],
    [
      'text where a number is needed',
      p('margin_percent', 'lt', '20'),
      'Condition: Margin is compared with a number.',
    ],
    [
      'an empty list',
      p('region', 'in', []),
      "Condition: Region 'is one of' needs a list of values.",
    ],
    ['an empty group', and(), 'Condition: a group needs at least one condition.'],
    [
      'a bad combinator',
      { kind: 'group', combinator: 'XOR', children: [p('has_custom_clause', 'is_true')] },
      'Condition: a group combines its conditions with AND or OR.',
    ],
    [
      'a bad child deep down',
      and(p('has_custom_clause', 'is_true'), or(p('contract_length', 'gt', 'long'))),
      'Condition › condition 2 › condition 1: Contract length is compared with a number.',
    ],
    [
      'too deep',
      and(and(and(and(and(and(p('has_custom_clause', 'is_true'))))))),
      'Condition › condition 1 › condition 1 › condition 1 › condition 1 › condition 1: groups may be nested at most 5 deep.',
    ],
  ])('refuses %s', (_name, tree, message) => {
    expect(checkPredicateTree(tree)).toEqual({ ok: false, message });
  });

  it('refuses more than 50 predicates', () => {
    const tree = or(...Array.from({ length: 51 }, () => p('has_custom_clause', 'is_true')));
    const result = checkPredicateTree(tree);
    expect(result.ok ? '' : result.message).toMatch(/at most 50 conditions/);
  });

  it('drops what it does not know and trims values', () => {
    expect(checked({ ...p('region', 'in', [' EMEA', 'EMEA ', 'APJ']), extra: 1 })).toEqual(
      p('region', 'in', ['EMEA', 'APJ']),
    );
    expect(checked(p('has_custom_clause', 'is_true', 'yes'))).toEqual(
      p('has_custom_clause', 'is_true'),
    );
  });
});

const facts: ApprovalFacts = {
  max_line_discount_percent: 40,
  total_discount_percent: 22.5,
  net_total_usd: 1_250_000,
  deal_type: 'NB',
  quote_type: 'ELA',
  region: 'EMEA',
  sales_channel: 'T1',
  partner_type: 'PREMIER',
  contract_length: 36,
  has_approval_sku: false,
  has_custom_clause: true,
  has_partner_exception: false,
  // margin_percent and payment_term_days absent
};

describe('evaluatePredicateTree', () => {
  /** A big deal that is direct, or through the partner type with a deep discount. */
  const bigDealThrough = (partnerType: string) =>
    and(
      p('net_total_usd', 'gt', 1_000_000),
      or(
        p('sales_channel', 'eq', 'DIRECT'),
        and(p('partner_type', 'eq', partnerType), p('max_line_discount_percent', 'gte', 35)),
      ),
    );

  it.each<[string, unknown, boolean]>([
    ['more than', p('max_line_discount_percent', 'gt', 30), true],
    ['not more than itself', p('max_line_discount_percent', 'gt', 40), false],
    ['at least itself', p('max_line_discount_percent', 'gte', 40), true],
    ['less than', p('total_discount_percent', 'lt', 25), true],
    ['at most', p('contract_length', 'lte', 35), false],
    ['equal number', p('contract_length', 'eq', 36), true],
    ['text equal, any case', p('region', 'eq', 'emea'), true],
    ['text not equal', p('quote_type', 'neq', 'ELA'), false],
    ['one of', p('sales_channel', 'in', ['T1', 'T2']), true],
    ['none of', p('deal_type', 'not_in', ['R', 'TU']), true],
    ['yes', p('has_custom_clause', 'is_true'), true],
    ['no', p('has_approval_sku', 'is_false'), true],
    ['absent margin is not below 20', p('margin_percent', 'lt', 20), false],
    ['absent margin is not 20', p('margin_percent', 'neq', 20), true],
    ['absent payment term is not above 60', p('payment_term_days', 'gt', 60), false],
    [
      'AND of true and false',
      and(p('has_custom_clause', 'is_true'), p('has_approval_sku', 'is_true')),
      false,
    ],
    [
      'OR of true and false',
      or(p('has_custom_clause', 'is_true'), p('has_approval_sku', 'is_true')),
      true,
    ],
    ['nested: big deal through a partner with a deep discount', bigDealThrough('PREMIER'), true],
    ['nested: fails in the inner group', bigDealThrough('SELECT'), false],
  ])('%s', (_name, tree, matched) => {
    expect(evaluatePredicateTree(checked(tree), facts).matched).toBe(matched);
  });

  it('explains every predicate with the quote’s value, matched or not', () => {
    const tree = checked(
      or(
        p('max_line_discount_percent', 'gt', 30),
        p('margin_percent', 'lt', 20),
        p('net_total_usd', 'gt', 1_000_000),
      ),
    );
    expect(evaluatePredicateTree(tree, facts).explanations).toEqual([
      {
        fact: 'max_line_discount_percent',
        condition: 'Largest effective discount is more than 30 %',
        actual: '40 %',
        sentence: 'Largest effective discount is 40 %, more than 30 %.',
        matched: true,
      },
      {
        fact: 'margin_percent',
        condition: 'Margin is less than 20 %',
        actual: 'not set',
        sentence: 'Margin is not known for this quote.',
        matched: false,
      },
      {
        fact: 'net_total_usd',
        condition: 'Net total (USD) is more than 1,000,000 USD',
        actual: '1,250,000 USD',
        sentence: 'Net total (USD) is 1,250,000 USD, more than 1,000,000 USD.',
        matched: true,
      },
    ]);
  });
});

describe('reasonSentence', () => {
  // Every kind of fact, as approvers read it: one sentence, never "… is yes: this quote has yes".
  it.each<[string, Predicate, unknown, string]>([
    [
      'a percent above a threshold',
      { kind: 'predicate', fact: 'max_seller_discount_percent', op: 'gt', value: 30 },
      35,
      'Largest seller discount is 35 %, more than 30 %.',
    ],
    [
      'a percent with decimals',
      { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gte', value: 38 },
      38.25,
      'Largest effective discount is 38.25 %, at least 38 %.',
    ],
    [
      'a percent below a threshold',
      { kind: 'predicate', fact: 'margin_percent', op: 'lt', value: 20 },
      12.5,
      'Margin is 12.5 %, less than 20 %.',
    ],
    [
      'an amount',
      { kind: 'predicate', fact: 'net_total_usd', op: 'gt', value: 1_000_000 },
      1_250_000,
      'Net total (USD) is 1,250,000 USD, more than 1,000,000 USD.',
    ],
    [
      'months, equal',
      { kind: 'predicate', fact: 'contract_length', op: 'eq', value: 36 },
      36,
      'Contract length is 36 months.',
    ],
    [
      'days, at most',
      { kind: 'predicate', fact: 'payment_term_days', op: 'lte', value: 30 },
      30,
      'Payment term is 30 days, at most 30 days.',
    ],
    [
      'a number that does not hold',
      { kind: 'predicate', fact: 'max_seller_discount_percent', op: 'gt', value: 30 },
      0,
      'Largest seller discount is 0 %, not more than 30 %.',
    ],
    [
      'text that is not the one asked',
      { kind: 'predicate', fact: 'quote_type', op: 'eq', value: 'STANDARD' },
      'ELA',
      'Quote type is ELA, not STANDARD.',
    ],
    [
      'text not one of',
      { kind: 'predicate', fact: 'region', op: 'in', value: ['APJ'] },
      'EMEA',
      'Region is EMEA, not one of APJ.',
    ],
    [
      'text one of, asked to be none of',
      { kind: 'predicate', fact: 'deal_type', op: 'not_in', value: ['R', 'TU'] },
      'R',
      'Deal type is R, one of R, TU.',
    ],
    [
      'an absent number',
      { kind: 'predicate', fact: 'margin_percent', op: 'neq', value: 20 },
      undefined,
      'Margin is not known for this quote.',
    ],
    [
      'text equal',
      { kind: 'predicate', fact: 'region', op: 'eq', value: 'EMEA' },
      'EMEA',
      'Region is EMEA.',
    ],
    [
      'text not equal',
      { kind: 'predicate', fact: 'sales_channel', op: 'neq', value: 'DIRECT' },
      'T2',
      'Sales channel is T2, not DIRECT.',
    ],
    [
      'text one of',
      { kind: 'predicate', fact: 'region', op: 'in', value: ['EMEA', 'APJ'] },
      'APJ',
      'Region is APJ, one of EMEA, APJ.',
    ],
    [
      'text none of',
      { kind: 'predicate', fact: 'deal_type', op: 'not_in', value: ['R', 'TU'] },
      'NB',
      'Deal type is NB, none of R, TU.',
    ],
    [
      'a yes fact',
      { kind: 'predicate', fact: 'has_partner_exception', op: 'is_true', value: null },
      true,
      'The partner has an active exception on the quote’s price date.',
    ],
    [
      'a no fact',
      { kind: 'predicate', fact: 'has_approval_sku', op: 'is_false', value: null },
      false,
      'No product listed under approval SKUs is on the quote.',
    ],
    [
      'custom clause',
      { kind: 'predicate', fact: 'has_custom_clause', op: 'is_true', value: null },
      true,
      'The terms include a clause with text of the user’s own.',
    ],
  ])('%s', (_name, predicate, actual, sentence) => {
    expect(reasonSentence(predicate, actual)).toBe(sentence);
  });

  it('gives every yes/no fact its own sentences', () => {
    for (const fact of APPROVAL_FACTS.filter((f) => f.type === 'boolean')) {
      expect(fact).toHaveProperty('sentences.yes');
      expect(fact).toHaveProperty('sentences.no');
    }
  });
});

describe('describePredicateTree', () => {
  it('reads as a sentence with parentheses for nested groups', () => {
    const tree = checked(
      and(
        p('has_custom_clause', 'is_true'),
        or(p('region', 'in', ['EMEA', 'APJ']), p('payment_term_days', 'gt', 60)),
      ),
    );
    expect(describePredicateTree(tree)).toBe(
      'Custom clause is yes and (Region is one of EMEA, APJ or Payment term is more than 60 days)',
    );
  });
});

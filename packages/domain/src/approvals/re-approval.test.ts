import { describe, expect, it } from 'vitest';
import type { ApprovalFacts } from './facts.ts';
import type { Predicate, PredicateNode } from './predicates.ts';
import { planReapproval, worseningOf, type FactEvidence } from './re-approval.ts';
import { evaluateApprovalRules, type ApprovalGroupScope, type ApprovalRule } from './rules.ts';

const predicate = (fact: string, op: Predicate['op'], value: Predicate['value']): Predicate => ({
  kind: 'predicate',
  fact,
  op,
  value,
});

const side = (facts: ApprovalFacts, evidence: FactEvidence = {}) => ({ facts, evidence });

describe('worseningOf: a condition that holds now moved for the worse', () => {
  it.each<[string, Predicate, ApprovalFacts, ApprovalFacts, string | null]>([
    [
      'discount up under "more than"',
      predicate('max_line_discount_percent', 'gt', 20),
      { max_line_discount_percent: 25 },
      { max_line_discount_percent: 30 },
      'Largest effective discount rose from 25 % to 30 %.',
    ],
    [
      'discount down under "more than" is better',
      predicate('max_line_discount_percent', 'gt', 20),
      { max_line_discount_percent: 30 },
      { max_line_discount_percent: 25 },
      null,
    ],
    [
      'margin down under "less than"',
      predicate('margin_percent', 'lt', 30),
      { margin_percent: 25 },
      { margin_percent: 20.5 },
      'Margin fell from 25 % to 20.5 %.',
    ],
    [
      'margin up under "at most" is better',
      predicate('margin_percent', 'lte', 30),
      { margin_percent: 25 },
      { margin_percent: 28 },
      null,
    ],
    [
      'payment term longer',
      predicate('payment_term_days', 'gte', 60),
      { payment_term_days: 60 },
      { payment_term_days: 90 },
      'Payment term rose from 60 days to 90 days.',
    ],
    [
      'net over a threshold, larger',
      predicate('net_total_usd', 'gt', 100000),
      { net_total_usd: 150000 },
      { net_total_usd: 150000.5 },
      'Net total (USD) rose from 150,000 USD to 150,000.5 USD.',
    ],
    [
      'a condition that no longer holds asks nothing',
      predicate('max_line_discount_percent', 'gt', 20),
      { max_line_discount_percent: 25 },
      { max_line_discount_percent: 15 },
      null,
    ],
    [
      'a value unknown before and known now',
      predicate('margin_percent', 'lt', 30),
      {},
      { margin_percent: 10 },
      'Margin is now 10 %.',
    ],
    [
      '"is one of" and a different value',
      predicate('deal_type', 'in', ['NB', 'U']),
      { deal_type: 'NB' },
      { deal_type: 'U' },
      'Deal type changed from NB to U.',
    ],
    [
      '"is" on a number, unchanged',
      predicate('contract_length', 'eq', 36),
      { contract_length: 36 },
      { contract_length: 36 },
      null,
    ],
    [
      'a yes/no fact turning yes',
      predicate('has_approval_sku', 'is_true', null),
      { has_approval_sku: false },
      { has_approval_sku: true },
      'Approval SKU on the quote changed from no to yes.',
    ],
  ])('%s', (_name, condition, before, after, expected) => {
    expect(worseningOf(condition, side(before), side(after))).toBe(expected);
  });

  it('a custom clause reworded keeps the fact "yes" but is a change for the worse', () => {
    const clause = predicate('has_custom_clause', 'is_true', null);
    const facts = { has_custom_clause: true };
    expect(
      worseningOf(
        clause,
        side(facts, { has_custom_clause: 'a' }),
        side(facts, { has_custom_clause: 'b' }),
      ),
    ).toBe('A custom clause was added, removed or reworded.');
    expect(
      worseningOf(
        clause,
        side(facts, { has_custom_clause: 'a' }),
        side(facts, { has_custom_clause: 'a' }),
      ),
    ).toBeNull();
  });
});

describe('planReapproval', () => {
  const groups: ApprovalGroupScope[] = [
    { id: 'fin', name: 'Finance', is_global: true, regions: [], is_active: true },
    { id: 'legal', name: 'Legal', is_global: true, regions: [], is_active: true },
    { id: 'exec', name: 'Executives', is_global: true, regions: [], is_active: true },
  ];
  const rule = (
    id: string,
    condition: PredicateNode,
    group: string,
    always_reapprove = false,
  ): ApprovalRule => ({
    id,
    name: id,
    predicate: condition,
    group_ids: [group],
    is_active: true,
    always_reapprove,
  });
  const rules = [
    rule('Discount', predicate('max_line_discount_percent', 'gt', 20), 'fin'),
    rule('Custom clause', predicate('has_custom_clause', 'is_true', null), 'legal'),
    rule('Large deal', predicate('net_total_usd', 'gt', 500000), 'exec', true),
  ];
  const approvedFacts: ApprovalFacts = {
    max_line_discount_percent: 25,
    has_custom_clause: true,
    net_total_usd: 100000,
  };
  const approved = { facts: approvedFacts, evidence: { has_custom_clause: 'clause v1' } };

  const plan = (facts: ApprovalFacts, evidence: FactEvidence, approvedGroups = ['fin', 'legal']) =>
    Object.fromEntries(
      planReapproval({
        rules,
        before: {
          ...approved,
          matched_rule_ids: evaluateApprovalRules(
            rules,
            groups,
            approvedFacts,
            'EMEA',
          ).matched_rules.map((m) => m.rule_id),
        },
        after: {
          facts,
          evidence,
          requirement: evaluateApprovalRules(rules, groups, facts, 'EMEA'),
        },
        approved_group_ids: new Set(approvedGroups),
        asked_group_ids: new Set(['fin', 'legal']),
      }).map((g) => [g.group_id, g.keeps_approval ? 'keeps' : g.reasons.join(' ') || 'asked']),
    );

  it.each<[string, ApprovalFacts, FactEvidence, Record<string, string>]>([
    [
      'nothing a rule reads changed: everyone keeps their approval',
      approvedFacts,
      approved.evidence,
      { fin: 'keeps', legal: 'keeps' },
    ],
    [
      'a deeper discount asks finance only',
      { ...approvedFacts, max_line_discount_percent: 30 },
      approved.evidence,
      {
        fin: 'Largest effective discount rose from 25 % to 30 %.',
        legal: 'keeps',
      },
    ],
    [
      'a reworded custom clause asks legal only',
      approvedFacts,
      { has_custom_clause: 'clause v2' },
      { fin: 'keeps', legal: 'A custom clause was added, removed or reworded.' },
    ],
    [
      'a discount lowered but still over the threshold keeps finance',
      { ...approvedFacts, max_line_discount_percent: 22 },
      approved.evidence,
      { fin: 'keeps', legal: 'keeps' },
    ],
    [
      'a rule that holds only now asks its group, naming it',
      { ...approvedFacts, net_total_usd: 600000 },
      approved.evidence,
      { fin: 'keeps', legal: 'keeps', exec: 'Required now by rule "Large deal".' },
    ],
  ])('%s', (_name, facts, evidence, expected) => {
    expect(plan(facts, evidence)).toEqual(expected);
  });

  it('a group that had not approved yet is asked, with nothing to say "again"', () => {
    expect(plan(approvedFacts, approved.evidence, ['legal'])).toEqual({
      fin: 'asked',
      legal: 'keeps',
    });
  });

  it('an "always re-approve" rule asks again after any change', () => {
    const big = { ...approvedFacts, net_total_usd: 600000 };
    const result = planReapproval({
      rules,
      before: { facts: big, evidence: approved.evidence, matched_rule_ids: rules.map((r) => r.id) },
      after: {
        facts: big,
        evidence: approved.evidence,
        requirement: evaluateApprovalRules(rules, groups, big, 'EMEA'),
      },
      approved_group_ids: new Set(['fin', 'legal', 'exec']),
      asked_group_ids: new Set(['fin', 'legal', 'exec']),
    });
    expect(result.find((g) => g.group_id === 'exec')).toEqual({
      group_id: 'exec',
      keeps_approval: false,
      reasons: ['Rule "Large deal" asks again after any change.'],
    });
    expect(
      result
        .filter((g) => g.keeps_approval)
        .map((g) => g.group_id)
        .sort(),
    ).toEqual(['fin', 'legal']);
  });
});

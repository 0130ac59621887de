import { describe, expect, it } from 'vitest';
import { evaluateApprovalRules, type ApprovalGroupScope, type ApprovalRule } from './rules.ts';
import type { PredicateNode } from './predicates.ts';

const discountOver = (value: number): PredicateNode => ({
  kind: 'predicate',
  fact: 'max_line_discount_percent',
  op: 'gt',
  value,
});
const customClause: PredicateNode = {
  kind: 'predicate',
  fact: 'has_custom_clause',
  op: 'is_true',
  value: null,
};

const groups: ApprovalGroupScope[] = [
  { id: 'fin', name: 'Finance approvers', is_global: true, regions: [], is_active: true },
  { id: 'legal', name: 'Legal', is_global: true, regions: [], is_active: true },
  { id: 'emea-dd', name: 'EMEA deal desk', is_global: false, regions: ['EMEA'], is_active: true },
  { id: 'old', name: 'Retired group', is_global: true, regions: [], is_active: false },
];

const rule = (
  id: string,
  predicate: PredicateNode,
  group_ids: string[],
  is_active = true,
): ApprovalRule => ({
  id,
  name: id,
  predicate,
  group_ids,
  is_active,
});

describe('evaluateApprovalRules', () => {
  it.each<[string, ApprovalRule[], string, Record<string, unknown>, string[], string[]]>([
    ['no rules, nothing required', [], 'EMEA', { max_line_discount_percent: 50 }, [], []],
    [
      'a rule that holds requires its group',
      [rule('discount', discountOver(30), ['fin'])],
      'EMEA',
      { max_line_discount_percent: 40 },
      ['discount'],
      ['fin'],
    ],
    [
      'a rule that does not hold requires nothing',
      [rule('discount', discountOver(30), ['fin'])],
      'EMEA',
      { max_line_discount_percent: 30 },
      [],
      [],
    ],
    [
      'an inactive rule is ignored',
      [rule('discount', discountOver(30), ['fin'], false)],
      'EMEA',
      { max_line_discount_percent: 40 },
      [],
      [],
    ],
    [
      'an inactive group is not required',
      [rule('discount', discountOver(30), ['old'])],
      'EMEA',
      { max_line_discount_percent: 40 },
      ['discount'],
      [],
    ],
    [
      'a regional group in its region',
      [rule('discount', discountOver(30), ['emea-dd'])],
      'emea',
      { max_line_discount_percent: 40 },
      ['discount'],
      ['emea-dd'],
    ],
    [
      'a regional group outside its region',
      [rule('discount', discountOver(30), ['emea-dd'])],
      'APJ',
      { max_line_discount_percent: 40 },
      ['discount'],
      [],
    ],
    [
      'two rules requiring the same group name it once',
      [rule('discount', discountOver(30), ['fin']), rule('terms', customClause, ['fin', 'legal'])],
      'EMEA',
      { max_line_discount_percent: 40, has_custom_clause: true },
      ['discount', 'terms'],
      ['fin', 'legal'],
    ],
  ])('%s', (_name, rules, region, facts, matched, required) => {
    const result = evaluateApprovalRules(rules, groups, facts, region);
    expect(result.matched_rules.map((r) => r.rule_id)).toEqual(matched);
    expect(result.required_groups.map((g) => g.group_id)).toEqual(required);
  });

  it('keeps only the predicates that held as the reasons, and which rules asked for a group', () => {
    const tree: PredicateNode = {
      kind: 'group',
      combinator: 'OR',
      children: [discountOver(30), customClause],
    };
    const result = evaluateApprovalRules(
      [rule('Deep discount or own terms', tree, ['fin']), rule('Own terms', customClause, ['fin'])],
      groups,
      { max_line_discount_percent: 45, has_custom_clause: false },
      'EMEA',
    );
    expect(result.matched_rules).toEqual([
      {
        rule_id: 'Deep discount or own terms',
        rule_name: 'Deep discount or own terms',
        reasons: [
          {
            fact: 'max_line_discount_percent',
            condition: 'Largest effective discount is more than 30 %',
            actual: '45 %',
            sentence: 'Largest effective discount is 45 %, more than 30 %.',
            matched: true,
          },
        ],
        group_ids: ['fin'],
      },
    ]);
    expect(result.required_groups).toEqual([
      {
        group_id: 'fin',
        group_name: 'Finance approvers',
        rule_names: ['Deep discount or own terms'],
      },
    ]);
  });
});

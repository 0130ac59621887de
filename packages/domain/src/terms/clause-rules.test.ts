import { describe, expect, it } from 'vitest';
import type { FormValues } from '../forms/recipe.ts';
import { SAMPLE_DEAL_FACTS } from './quote-facts.cases.ts';
import { checkClauseCondition, evaluateClauseRules, type ClauseRule } from './clause-rules.ts';

const facts: FormValues = {
  ...SAMPLE_DEAL_FACTS,
  quote_type: 'ELA',
  is_public_sector: true,
  payment_term_days: 90,
  total: 250_000.5,
  has_hardware: false,
};

describe('checkClauseCondition', () => {
  it.each<string>([
    '',
    '   ',
    'quote_type string-equals ELA',
    'is_public_sector boolean',
    'payment_term_days int-gt-than 60',
    '(region string-equals EMEA or region string-equals APJ) and not has_hardware boolean',
    'payment_term_days is-undefined',
    'total int-gt-than-zero',
  ])('accepts %j', (condition) => {
    expect(checkClauseCondition(condition).ok).toBe(true);
  });

  it.each<[string, RegExp]>([
    [
      'quote_type string-equals',
      /^The condition is not valid: Expected a value after 'string-equals' at position 24/,
    ],
    [
      'quote_type equals ELA',
      /^The condition is not valid: Unknown operator 'equals' at position 11/,
    ],
    ['(is_public_sector boolean', /^The condition is not valid: Expected 'and', 'or' or '\)'/],
    [
      'regoin string-equals EMEA',
      /^The condition asks about 'regoin', which is not a quote fact\. The facts are quote_type, /,
    ],
    ['a boolean or b boolean', /^The condition asks about 'a', 'b', which are not quote facts\./],
  ])('refuses %j', (condition, message) => {
    const check = checkClauseCondition(condition);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toMatch(message);
  });
});

const rule = (overrides: Partial<ClauseRule> & Pick<ClauseRule, 'clause_id'>): ClauseRule => ({
  id: overrides.clause_id,
  name: overrides.clause_id,
  condition: '',
  effect: 'ATTACH',
  is_active: true,
  ...overrides,
});

describe('evaluateClauseRules', () => {
  it.each<[string, ClauseRule[], Record<string, string>]>([
    ['no rules', [], {}],
    [
      'an empty condition always holds',
      [rule({ clause_id: 'lol', effect: 'REQUIRE' })],
      { lol: 'REQUIRE' },
    ],
    [
      'conditions on the facts',
      [
        rule({ clause_id: 'ps', condition: 'is_public_sector boolean', effect: 'REQUIRE' }),
        rule({ clause_id: 'ela', condition: 'quote_type string-equals ELA' }),
        rule({ clause_id: 'std', condition: 'quote_type string-equals STANDARD' }),
        rule({
          clause_id: 'pay',
          condition: 'payment_term_days int-gt-than 60',
          effect: 'REQUIRE',
        }),
        rule({ clause_id: 'hw', condition: 'has_hardware boolean' }),
        rule({ clause_id: 'big', condition: 'total int-gt-than 250000' }),
        rule({ clause_id: 'partner', condition: 'sales_channel string-not-equals DIRECT' }),
      ],
      { ps: 'REQUIRE', ela: 'ATTACH', pay: 'REQUIRE', big: 'ATTACH', partner: 'ATTACH' },
    ],
    [
      'REQUIRE wins over ATTACH, whatever the order',
      [
        rule({ clause_id: 'x', name: 'first' }),
        rule({ clause_id: 'x', name: 'second', effect: 'REQUIRE' }),
        rule({ clause_id: 'x', name: 'third' }),
      ],
      { x: 'REQUIRE' },
    ],
    [
      'inactive rules do nothing',
      [rule({ clause_id: 'x', is_active: false, effect: 'REQUIRE' })],
      {},
    ],
    [
      'a broken rule is skipped, the others still apply',
      [rule({ clause_id: 'x', condition: 'quote_type (' }), rule({ clause_id: 'y' })],
      { y: 'ATTACH' },
    ],
    [
      'a missing fact is undefined: is-undefined holds, comparisons do not',
      [
        rule({ clause_id: 'u', condition: 'contracting_entity_id is-undefined' }),
        rule({ clause_id: 'v', condition: 'contracting_entity_id string-equals GMBH' }),
      ],
      { u: 'ATTACH' },
    ],
  ])('%s', (_name, rules, expected) => {
    const { outcomes } = evaluateClauseRules(rules, facts);
    expect(Object.fromEntries([...outcomes].map(([id, o]) => [id, o.effect]))).toEqual(expected);
  });

  it('names every rule that put a clause on the quote, and warns of broken ones', () => {
    const result = evaluateClauseRules(
      [
        rule({ clause_id: 'x', name: 'Always' }),
        rule({ clause_id: 'x', name: 'Public sector', condition: 'is_public_sector boolean' }),
        rule({ clause_id: 'y', name: 'Broken', condition: 'nope string-equals 1' }),
      ],
      facts,
    );
    expect(result.outcomes.get('x')?.rule_names).toEqual(['Always', 'Public sector']);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Rule "Broken" skipped: The condition asks about 'nope'/),
    ]);
  });

  it('skips rules whose clause is withdrawn', () => {
    const { outcomes } = evaluateClauseRules(
      [rule({ clause_id: 'gone', effect: 'REQUIRE' }), rule({ clause_id: 'here' })],
      facts,
      (id) => id !== 'gone',
    );
    expect([...outcomes.keys()]).toEqual(['here']);
  });
});

import { describe, expect, it } from 'vitest';
import type { ClauseOutcome } from './clause-rules.ts';
import {
  buildQuoteTerms,
  planQuoteTerms,
  termsProblemsOf,
  type LibraryClause,
  type StoredTerm,
  type SubmittedTerm,
} from './quote-terms.ts';

const clause = (id: string, overrides: Partial<LibraryClause> = {}): LibraryClause => ({
  id,
  title: id.toUpperCase(),
  body: `Text of ${id} for {customer_name}.`,
  category: 'General',
  version: 1,
  is_active: true,
  ...overrides,
});

const library = new Map(
  [
    clause('lol', { category: 'Liability' }),
    clause('pay', { category: 'Payment', body: 'Pay within {payment_term}.' }),
    clause('ela', { category: 'Licensing' }),
    clause('export', { category: 'Export' }),
    clause('old', { is_active: false }),
    clause('v2', { version: 2 }),
  ].map((c) => [c.id, c]),
);
const values = { customer_name: 'Acme AG' };

const outcome = (effect: ClauseOutcome['effect'], ...rule_names: string[]): ClauseOutcome => ({
  effect,
  rule_names: rule_names.length ? rule_names : [`${effect} rule`],
});

const row = (overrides: Partial<StoredTerm>): StoredTerm => ({
  clause_id: null,
  clause_version: 1,
  custom_title: null,
  custom_text: null,
  position: 0,
  source: 'USER',
  is_required: false,
  is_removed: false,
  rendered_text: '',
  ...overrides,
});

/** A stored row exactly as saving `id` now would write it. */
const savedRow = (id: string, position: number, overrides: Partial<StoredTerm> = {}) =>
  row({
    clause_id: id,
    position,
    rendered_text: `Text of ${id} for Acme AG.`,
    ...overrides,
  });

describe('planQuoteTerms', () => {
  it('shows what the rules attach on a quote never saved, by category, required ones locked', () => {
    const plan = planQuoteTerms({
      stored: [],
      outcomes: new Map([
        ['lol', outcome('REQUIRE', 'Always')],
        ['ela', outcome('ATTACH', 'ELA')],
      ]),
      clauses: library,
      values,
    });
    expect(plan.terms.map((t) => [t.key, t.is_required, t.source, t.text])).toEqual([
      ['ela', false, 'RULE', 'Text of ela for Acme AG.'],
      ['lol', true, 'RULE', 'Text of lol for Acme AG.'],
    ]);
    expect(plan.is_saved).toBe(false);
    expect(plan.notices).toEqual([]);
    expect(termsProblemsOf(plan, { was_saved: false })).toEqual([
      'The terms have not been saved yet.',
    ]);
  });

  it('keeps the saved order, custom clauses and user clauses; is saved when nothing differs', () => {
    const plan = planQuoteTerms({
      stored: [
        savedRow('export', 0),
        row({
          custom_text: 'Own words for {customer_name}.',
          position: 1,
          source: 'CUSTOM',
          clause_version: null,
          rendered_text: 'Own words for Acme AG.',
        }),
        savedRow('lol', 2, { source: 'RULE', is_required: true }),
      ],
      outcomes: new Map([['lol', outcome('REQUIRE')]]),
      clauses: library,
      values,
    });
    expect(plan.terms.map((t) => [t.key, t.title, t.text])).toEqual([
      ['export', 'EXPORT', 'Text of export for Acme AG.'],
      ['custom-1', 'Non-standard clause', 'Own words for Acme AG.'],
      ['lol', 'LOL', 'Text of lol for Acme AG.'],
    ]);
    expect(plan.is_saved).toBe(true);
    expect(termsProblemsOf(plan, { was_saved: true })).toEqual([]);
  });

  it.each<[string, StoredTerm[], Map<string, ClauseOutcome>, string[], string[]]>([
    [
      'a rule clause no rule attaches any more goes',
      [savedRow('ela', 0, { source: 'RULE' })],
      new Map(),
      [],
      ['Clause "ELA" was taken off: no rule attaches it any more.'],
    ],
    [
      'a user clause stays when its rule stops',
      [savedRow('export', 0, { source: 'USER' })],
      new Map(),
      ['export'],
      [],
    ],
    [
      'a clause a rule now attaches is added at the end',
      [savedRow('export', 0)],
      new Map([['ela', outcome('ATTACH', 'ELA')]]),
      ['export', 'ela'],
      ['Clause "ELA" was added: rule "ELA" attaches it.'],
    ],
    [
      'an attached clause the user took off stays off',
      [savedRow('export', 0), savedRow('ela', 1, { source: 'RULE', is_removed: true })],
      new Map([['ela', outcome('ATTACH')]]),
      ['export'],
      [],
    ],
    [
      'unless a rule now requires it',
      [savedRow('export', 0), savedRow('ela', 1, { source: 'RULE', is_removed: true })],
      new Map([['ela', outcome('REQUIRE', 'ELA')]]),
      ['export', 'ela'],
      ['Clause "ELA" was added: rule "ELA" requires it.'],
    ],
    [
      'a clause changed in the library shows its new wording',
      [savedRow('v2', 0, { clause_version: 1 })],
      new Map(),
      ['v2'],
      ['Clause "V2" changed in the library since the terms were saved (version 1 → 2).'],
    ],
  ])('%s', (_name, stored, outcomes, keys, notices) => {
    const plan = planQuoteTerms({ stored, outcomes, clauses: library, values });
    expect(plan.terms.map((t) => t.key)).toEqual(keys);
    expect(plan.notices).toEqual(notices);
  });

  it('lists an attached clause the user took off as dismissed', () => {
    const plan = planQuoteTerms({
      stored: [savedRow('ela', 0, { source: 'RULE', is_removed: true })],
      outcomes: new Map([['ela', outcome('ATTACH', 'ELA')]]),
      clauses: library,
      values,
    });
    expect(plan.dismissed).toEqual([{ clause_id: 'ela', title: 'ELA', rule_names: ['ELA'] }]);
    expect(plan.is_saved).toBe(true);
  });

  it('shows a clause it cannot render with no text and the reason', () => {
    const plan = planQuoteTerms({
      stored: [],
      outcomes: new Map([['pay', outcome('ATTACH')]]),
      clauses: library,
      values,
    });
    expect(plan.terms[0]).toMatchObject({
      text: null,
      problem: 'Clause "PAY" needs {payment_term}, which this quote does not have.',
    });
  });

  it('flags a withdrawn clause still on the quote', () => {
    const plan = planQuoteTerms({
      stored: [savedRow('old', 0, { source: 'RULE' })],
      outcomes: new Map(),
      clauses: library,
      values,
    });
    expect(termsProblemsOf(plan, { was_saved: true })).toEqual([
      'Clause "OLD" was withdrawn from the library; remove it from the quote.',
    ]);
  });
});

describe('buildQuoteTerms', () => {
  const build = (
    submitted: SubmittedTerm[],
    outcomes = new Map<string, ClauseOutcome>(),
    stored: StoredTerm[] = [],
  ) => buildQuoteTerms({ submitted, stored, outcomes, clauses: library, values });

  it('stores clauses in position order with their versions and rendered text', () => {
    const result = build(
      [
        { clause_id: 'export', position: 2 },
        { custom_text: 'Extra for {customer_name}.', custom_title: ' Special ', position: 1 },
        { clause_id: 'lol', position: 0 },
      ],
      new Map([['lol', outcome('REQUIRE')]]),
    );
    expect(result).toEqual({
      ok: true,
      has_custom_clause: true,
      rows: [
        savedRow('lol', 0, { source: 'RULE', is_required: true }),
        row({
          position: 1,
          clause_version: null,
          source: 'CUSTOM',
          custom_title: 'Special',
          custom_text: 'Extra for {customer_name}.',
          rendered_text: 'Extra for Acme AG.',
        }),
        savedRow('export', 2, { source: 'USER' }),
      ],
    });
  });

  it('remembers an attached clause left out as taken off', () => {
    const result = build([], new Map([['ela', outcome('ATTACH')]]));
    expect(result).toEqual({
      ok: true,
      has_custom_clause: false,
      rows: [row({ clause_id: 'ela', source: 'RULE', is_removed: true })],
    });
  });

  it('keeps a clause the user added as theirs when a rule also attaches it', () => {
    const result = build(
      [{ clause_id: 'ela', position: 0 }],
      new Map([['ela', outcome('ATTACH')]]),
      [savedRow('ela', 0, { source: 'USER' })],
    );
    expect(result.ok && result.rows[0]?.source).toBe('USER');
  });

  it.each<
    [string, SubmittedTerm[], Map<string, ClauseOutcome>, { path: string; message: string }[]]
  >([
    [
      'a required clause left out',
      [{ clause_id: 'export', position: 0 }],
      new Map([['lol', outcome('REQUIRE', 'Always')]]),
      [
        {
          path: 'clauses',
          message: 'Clause "LOL" is required on this quote (rule "Always") and cannot be removed.',
        },
      ],
    ],
    [
      'a placeholder without a value',
      [{ clause_id: 'pay', position: 0 }],
      new Map(),
      [
        {
          path: 'clauses.0',
          message: 'Clause "PAY" needs {payment_term}, which this quote does not have.',
        },
      ],
    ],
    [
      'a custom clause with a placeholder without a value',
      [{ custom_text: 'Due in {payment_term_days} days', custom_title: 'Due', position: 0 }],
      new Map(),
      [
        {
          path: 'clauses.0.custom_text',
          message: 'Clause "Due" needs {payment_term_days}, which this quote does not have.',
        },
      ],
    ],
    [
      'a custom clause with an unknown placeholder',
      [{ custom_text: 'Hello {nick}', position: 0 }],
      new Map(),
      [
        {
          path: 'clauses.0.custom_text',
          message: expect.stringMatching(/^\{nick\} is not a placeholder/) as string,
        },
      ],
    ],
    [
      'an empty custom clause',
      [{ custom_text: '  ', position: 0 }],
      new Map(),
      [{ path: 'clauses.0.custom_text', message: 'Write the text of the custom clause.' }],
    ],
    [
      'both a clause and custom text',
      [{ clause_id: 'lol', custom_text: 'x', position: 0 }],
      new Map(),
      [
        {
          path: 'clauses.0',
          message:
            'Each clause is either a library clause (clause_id) or custom text (custom_text).',
        },
      ],
    ],
    [
      'an unknown clause',
      [{ clause_id: 'nope', position: 0 }],
      new Map(),
      [{ path: 'clauses.0.clause_id', message: 'There is no such clause in the library.' }],
    ],
    [
      'a clause twice',
      [
        { clause_id: 'lol', position: 0 },
        { clause_id: 'lol', position: 1 },
      ],
      new Map(),
      [{ path: 'clauses.1.clause_id', message: 'Clause "LOL" is on the quote twice.' }],
    ],
    [
      'a withdrawn clause',
      [{ clause_id: 'old', position: 0 }],
      new Map(),
      [
        {
          path: 'clauses.0.clause_id',
          message: 'Clause "OLD" was withdrawn from the library; remove it from the quote.',
        },
      ],
    ],
  ])('refuses %s', (_name, submitted, outcomes, errors) => {
    expect(build(submitted, outcomes)).toEqual({ ok: false, errors });
  });
});

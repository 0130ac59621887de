import { describe, expect, it } from 'vitest';
import type { PredicateNode } from '../approvals/predicates.ts';
import { evaluateProductRules } from './evaluate.ts';
import type { ProductRule, RuleLine } from './model.ts';
import { and, line, p, quoteWith, rule } from './test-helpers.ts';

const TODAY = '2026-05-01';
const firedIds = (lines: RuleLine[], rules: ProductRule[], quote = {}) =>
  evaluateProductRules(quoteWith(lines, quote), rules, TODAY).messages.map((m) => m.rule_id);

/** An ELA of three years: 2, 4 and 6 BX-60 in turn, 10 access points throughout. */
const ELA_LINES = [
  line('fw', 'BX-60-HW', [2, 4, 6]),
  line('fw2', 'BX-80-HW', [0, 1, 0]),
  line('ap', 'AP-231-HW', [10, 10, 10]),
];

describe('evaluateProductRules: facts and aggregates', () => {
  it.each<[string, PredicateNode, boolean]>([
    ['a quote fact', p('region', 'eq', 'emea'), true],
    ['a yes/no quote fact', p('is_renewal', 'is_false'), true],
    ['a list of values', p('quote_type', 'in', ['ELA', 'LEGACY']), false],
    ['quantity by SKU at the peak year', p('quantity:sku:BX-60-HW', 'eq', 6), true],
    ['quantity by SKU in year 2', p('quantity.y2:sku:BX-60-HW', 'eq', 4), true],
    [
      'quantity by family at the peak (years not added up)',
      p('quantity:family:FIREWALL', 'eq', 6),
      true,
    ],
    ['lines by family in year 2', p('lines.y2:family:FIREWALL', 'eq', 2), true],
    [
      'lines by family in year 1 (a line without units is no line)',
      p('lines.y1:family:FIREWALL', 'eq', 1),
      true,
    ],
    ['quantity by kind', p('quantity:kind:ACCESS_POINT', 'eq', 10), true],
    ['quantity by attribute', p('quantity:attribute:form_factor=desktop', 'eq', 6), true],
    ['quantity by a list attribute', p('quantity.y2:attribute:port_types=SFP', 'eq', 1), true],
    ['lines by attribute, none', p('lines:attribute:segment=data_centre', 'eq', 0), true],
    ['a SKU not on the quote', p('quantity:sku:BX-200F-HW', 'gt', 0), false],
    ['a year beyond the contract', p('quantity.y5:sku:BX-60-HW', 'eq', 0), true],
  ])('%s', (_name, condition, fires) => {
    expect(firedIds(ELA_LINES, [rule({ id: 'r', condition })])).toEqual(fires ? ['r'] : []);
  });
});

describe('evaluateProductRules: scopes', () => {
  it('scope year: once per contract year, with that year', () => {
    const result = evaluateProductRules(
      quoteWith(ELA_LINES, { quote_type: 'ELA' }),
      [
        rule({
          id: 'r',
          kind: 'selection',
          apply: 'offer',
          scope: 'year',
          condition: p('quantity:sku:BX-60-HW', 'gte', 4),
          message: 'Year {year}: {quantity:sku:BX-60-HW|firewall}.',
          actions: [{ op: 'add', sku: 'BX-60-SUP-PRM', quantity: '{quantity:sku:BX-60-HW}' }],
        }),
      ],
      TODAY,
    );
    expect(result.messages.map((m) => [m.severity, m.message, m.line_keys])).toEqual([
      ['info', 'Year 2: 4 firewalls.', ['fw']],
      ['info', 'Year 3: 6 firewalls.', ['fw']],
    ]);
    expect(result.actions.map((a) => a.changes)).toEqual([
      [{ op: 'add', sku: 'BX-60-SUP-PRM', quantities: [0, 4, 0] }],
      [{ op: 'add', sku: 'BX-60-SUP-PRM', quantities: [0, 0, 6] }],
    ]);
  });

  it('scope appliance_model: once per appliance SKU, formulas per year', () => {
    const result = evaluateProductRules(
      quoteWith([...ELA_LINES, line('sup', 'BX-60-SUP-STD', [2, 2, 2])]),
      [
        rule({
          id: 'r',
          scope: 'appliance_model',
          condition: p('model:units', 'gt', 0),
          message:
            '{sku} ({model}, {family}): {units}, covered {support_units}, missing {missing}.',
          actions: [
            {
              op: 'add',
              sku: '{model}-SUP-ELT',
              quantity: '{missing} + 1',
              label: 'Elite for {model}',
            },
          ],
        }),
      ],
      TODAY,
    );
    expect(result.messages.map((m) => [m.message, m.line_keys])).toEqual([
      ['BX-60-HW (BX-60, FIREWALL): 6, covered 2, missing 4.', ['fw']],
      ['BX-80-HW (BX-80, FIREWALL): 1, covered 0, missing 1.', ['fw2']],
    ]);
    expect(result.actions).toEqual([
      {
        rule_id: 'r',
        label: 'Elite for BX-60',
        changes: [{ op: 'add', sku: 'BX-60-SUP-ELT', quantities: [1, 3, 5] }],
      },
      {
        rule_id: 'r',
        label: 'Elite for BX-80',
        changes: [{ op: 'add', sku: 'BX-80-SUP-ELT', quantities: [1, 2, 1] }],
      },
    ]);
  });
});

describe('evaluateProductRules: rule kinds', () => {
  const lines = [line('a', 'BX-60-HW', [2]), line('b', 'BX-60-SUP-STD', [2])];

  it.each<[string, Partial<ProductRule>, string]>([
    ['a validation error', { severity: 'error' }, 'error'],
    ['a validation warning', { severity: 'warning' }, 'warning'],
    [
      'a recommendation',
      { kind: 'recommendation', actions: [{ op: 'add', sku: 'BX-60-TP', quantity: '2' }] },
      'info',
    ],
    ['an offered selection', { kind: 'selection', apply: 'offer' }, 'info'],
  ])('%s speaks at its severity', (_name, overrides, severity) => {
    const result = evaluateProductRules(quoteWith(lines), [rule({ id: 'r', ...overrides })], TODAY);
    expect(result.messages.map((m) => m.severity)).toEqual([severity]);
  });

  it('offers remove and replace with the lines they touch', () => {
    const result = evaluateProductRules(
      quoteWith(lines),
      [
        rule({
          id: 'r',
          kind: 'selection',
          apply: 'offer',
          actions: [
            { op: 'remove', sku: 'BX-60-SUP-STD' },
            { op: 'replace', sku: 'BX-60-SUP-STD', by: 'BX-60-SUP-PRM' },
            { op: 'remove', sku: 'BX-80-HW' },
          ],
        }),
      ],
      TODAY,
    );
    expect(result.actions).toEqual([
      {
        rule_id: 'r',
        label: 'Remove BX-60-SUP-STD',
        changes: [{ op: 'remove', sku: 'BX-60-SUP-STD', quantities: [], line_key: 'b' }],
      },
      {
        rule_id: 'r',
        label: 'Replace BX-60-SUP-STD by BX-60-SUP-PRM',
        changes: [
          { op: 'remove', sku: 'BX-60-SUP-STD', quantities: [], line_key: 'b' },
          { op: 'add', sku: 'BX-60-SUP-PRM', quantities: [2] },
        ],
      },
    ]);
    expect(result.lines_after_automatic).toEqual(lines);
  });

  it('applies automatic selections once and reports what it did', () => {
    const result = evaluateProductRules(
      quoteWith(lines),
      [
        rule({
          id: 'upgrade',
          kind: 'selection',
          apply: 'automatic',
          condition: p('quantity:sku:BX-60-SUP-STD', 'gt', 0),
          message: '',
          actions: [{ op: 'replace', sku: 'BX-60-SUP-STD', by: 'BX-60-SUP-PRM' }],
        }),
        rule({
          id: 'threat',
          priority: 2,
          kind: 'selection',
          apply: 'automatic',
          condition: p('quantity:sku:BX-60-SUP-PRM', 'gt', 0),
          message: 'Threat protection added.',
          actions: [{ op: 'add', sku: 'BX-60-TP', quantity: '{quantity:sku:BX-60-HW}' }],
        }),
      ],
      TODAY,
    );
    expect(result.lines_after_automatic.map((l) => [l.key, l.sku, l.quantities])).toEqual([
      ['a', 'BX-60-HW', [2]],
      ['auto:upgrade:BX-60-SUP-PRM', 'BX-60-SUP-PRM', [2]],
      ['auto:threat:BX-60-TP', 'BX-60-TP', [2]],
    ]);
    expect(result.applied.map((a) => a.rule_id)).toEqual(['upgrade', 'threat']);
    expect(result.messages.map((m) => m.message)).toEqual(['Threat protection added.']);
    expect(result.actions).toEqual([]);
    expect(result.broken).toEqual([]);
  });

  it('skips rules that undo each other after the capped passes, and says so', () => {
    const tug = (id: string, op: 'add' | 'remove'): ProductRule =>
      rule({
        id,
        kind: 'selection',
        apply: 'automatic',
        condition: p('quantity:sku:BX-60-HW', 'gt', 0),
        message: '',
        actions:
          op === 'add' ? [{ op, sku: 'BX-60-TP', quantity: '1' }] : [{ op, sku: 'BX-60-TP' }],
      });
    const result = evaluateProductRules(
      quoteWith(lines),
      [tug('adds', 'add'), tug('removes', 'remove')],
      TODAY,
    );
    // Both are skipped: what is applied is a settled state, here the lines as they were.
    expect(result.applied).toEqual([]);
    expect(result.lines_after_automatic).toEqual(lines);
    expect(result.broken).toEqual([
      { rule_id: 'adds', message: 'still changed the quote after 3 passes; skipped.' },
      { rule_id: 'removes', message: 'still changed the quote after 3 passes; skipped.' },
    ]);
  });

  it('keeps what an automatic rule added once saved: a line of the SKU is its line', () => {
    const follow = rule({
      id: 'follow',
      kind: 'selection',
      apply: 'automatic',
      condition: p('quantity:sku:BX-60-HW', 'gt', 0),
      message: '',
      actions: [{ op: 'add', sku: 'BX-60-TP', quantity: '{quantity:sku:BX-60-HW}' }],
    });
    const first = evaluateProductRules(quoteWith(lines), [follow], TODAY);
    expect(first.applied).toEqual([
      {
        rule_id: 'follow',
        label: 'Add BX-60-TP',
        changes: [
          { op: 'add', sku: 'BX-60-TP', quantities: [2], line_key: 'auto:follow:BX-60-TP' },
        ],
      },
    ]);
    // Saved, the line has an id of its own: the rule finds it by its SKU and changes nothing.
    const saved = first.lines_after_automatic.map((line) =>
      line.key.startsWith('auto:') ? { ...line, key: 'saved-tp' } : line,
    );
    expect(evaluateProductRules(quoteWith(saved), [follow], TODAY).applied).toEqual([]);
    // More appliances: the same line follows.
    const more = saved.map((line) =>
      line.sku === 'BX-60-HW' ? { ...line, quantities: [5] } : line,
    );
    expect(evaluateProductRules(quoteWith(more), [follow], TODAY).applied).toEqual([
      {
        rule_id: 'follow',
        label: 'Add BX-60-TP',
        changes: [{ op: 'set_quantity', sku: 'BX-60-TP', quantities: [5], line_key: 'saved-tp' }],
      },
    ]);
  });

  it.each<[string, { deal_type?: string; region?: string; currency?: string }, string[]]>([
    [
      'hides by deal type and region when they match',
      { deal_type: 'NB', region: 'APJ' },
      ['BX-100F-HW', 'BX-60-HW', 'BX-80-HW'],
    ],
    ['hides nothing in another region', { deal_type: 'NB', region: 'EMEA' }, []],
  ])('a filter %s', (_name, quote, hidden) => {
    const filter = rule({
      id: 'f',
      kind: 'filter',
      condition: and(p('deal_type', 'eq', 'NB'), p('region', 'eq', 'APJ')),
      message: '',
      actions: [
        {
          op: 'hide',
          select: {
            skus: ['BX-60-HW', 'BX-80-HW', 'BX-100F-HW'],
            kinds: ['HARDWARE'],
            families: ['FIREWALL'],
          },
        },
      ],
    });
    const input = quoteWith(lines, quote);
    const selectByCurrency = rule({
      id: 'g',
      kind: 'filter',
      condition: p('currency', 'eq', 'JPY'),
      message: '',
      actions: [{ op: 'hide', select: { families: ['SECURE_ACCESS'] } }],
    });
    expect(evaluateProductRules(input, [filter, selectByCurrency], TODAY).hidden_skus).toEqual(
      hidden,
    );
  });
});

describe('evaluateProductRules: which rules run', () => {
  const lines = [line('a', 'BX-60-HW', [1])];
  it.each<[string, Partial<ProductRule>, boolean]>([
    ['an active rule without dates', {}, true],
    ['an inactive rule', { is_active: false }, false],
    ['a rule from today', { effective_from: TODAY }, true],
    ['a rule until today', { effective_to: TODAY }, true],
    ['a rule from tomorrow', { effective_from: '2026-05-02' }, false],
    ['a rule that ended yesterday', { effective_to: '2026-04-30' }, false],
  ])('%s', (_name, overrides, runs) => {
    expect(firedIds(lines, [rule({ id: 'r', ...overrides })])).toEqual(runs ? ['r'] : []);
  });

  it('runs rules by priority, then id', () => {
    const rules = [
      rule({ id: 'c', priority: 2 }),
      rule({ id: 'b', priority: 1 }),
      rule({ id: 'a', priority: 2 }),
    ];
    expect(firedIds(lines, rules)).toEqual(['b', 'a', 'c']);
  });

  it('skips a rule that fails and reports it, and the others still run', () => {
    const result = evaluateProductRules(
      quoteWith(lines),
      [
        rule({ id: 'null condition', condition: null as unknown as PredicateNode }),
        rule({ id: 'unknown fact', condition: p('colour', 'eq', 'red') }),
        rule({ id: 'ok' }),
      ],
      TODAY,
    );
    expect(result.messages.map((m) => m.rule_id)).toEqual(['ok']);
    expect(result.broken.map((broken) => broken.rule_id)).toEqual([
      'null condition',
      'unknown fact',
    ]);
    expect(result.broken[1]?.message).toBe("'colour' is not a fact product rules know.");
  });
});

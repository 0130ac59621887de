import { describe, expect, it } from 'vitest';
import { checkRule, checkRuleSet } from './check-rule.ts';
import { DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG } from './demo-rules.ts';
import type { ProductRule } from './model.ts';
import { and, p, rule } from './test-helpers.ts';

const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const check = (overrides: Record<string, unknown>) =>
  checkRule(asJson({ ...rule({ id: 'r1', name: 'X' }), ...overrides }), DEMO_RULE_CATALOG);

describe('checkRule', () => {
  it.each(DEMO_PRODUCT_RULES.map((demo) => [demo.name, demo] as const))(
    'accepts the demo rule %s as JSON, unchanged',
    (_name, demo) => {
      expect(checkRule(asJson(demo), DEMO_RULE_CATALOG)).toEqual({ ok: true, rule: demo });
    },
  );

  it.each<[string, Record<string, unknown>]>([
    ['a year fact in scope year', { scope: 'year', condition: p('year', 'gte', 2) }],
    ['a per-year aggregate', { condition: p('lines.y3:family:SECURE_ACCESS', 'gt', 0) }],
    ['a list attribute value', { condition: p('quantity:attribute:port_types=SFP+', 'gt', 0) }],
    [
      'an open attribute value the catalogue holds',
      { condition: p('lines:attribute:model=BX-60', 'gt', 0) },
    ],
    ['a yes/no attribute', { condition: p('quantity:attribute:ha_capable=false', 'gt', 0) }],
    [
      'a replace with a formula',
      {
        kind: 'selection',
        apply: 'offer',
        actions: [
          {
            op: 'replace',
            sku: 'BX-60-HW',
            by: 'BX-80-HW',
            quantity: '2 * ({quantity:sku:BX-60-HW} - 1)',
          },
        ],
      },
    ],
  ])('accepts %s', (_name, overrides) => {
    const checked = check(overrides);
    expect(checked.ok ? 'ok' : checked.message).toBe('ok');
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a condition that is not a tree',
      { condition: 'quantity > 3' },
      "Rule 'X' › condition: expected a predicate or a group.",
    ],
    [
      'an unknown fact in a group',
      { condition: and(p('deal_type', 'eq', 'NB'), p('foo', 'gt', 1)) },
      "Rule 'X' › condition 2: 'foo' is not a fact product rules know.",
    ],
    [
      'an unknown attribute',
      { condition: p('quantity:attribute:colour=red', 'gt', 0) },
      "Rule 'X' › condition: 'quantity:attribute:colour=red': colour is not an attribute product rules know; use model, form_factor, segment, port_types, support_tier, ha_capable.",
    ],
    [
      'an attribute value outside its list',
      { condition: p('quantity:attribute:segment=core', 'gt', 0) },
      "Rule 'X' › condition: 'quantity:attribute:segment=core': core is not a value of segment; use branch, campus, data_centre.",
    ],
    [
      'an open attribute value no SKU has',
      { condition: p('quantity:attribute:model=BX-99', 'gt', 0) },
      "Rule 'X' › condition: 'quantity:attribute:model=BX-99': no SKU of the catalogue has model BX-99.",
    ],
    [
      'an unknown SKU',
      { condition: p('quantity:sku:BX-999-HW', 'gt', 0) },
      "Rule 'X' › condition: 'quantity:sku:BX-999-HW': BX-999-HW is not a SKU of the catalogue.",
    ],
    [
      'an unknown family',
      { condition: p('lines:family:ROUTERS', 'gt', 0) },
      "Rule 'X' › condition: 'lines:family:ROUTERS': ROUTERS is not a product family of the catalogue.",
    ],
    [
      'a year beyond five',
      { condition: p('quantity.y6:sku:BX-60-HW', 'gt', 0) },
      "Rule 'X' › condition: 'quantity.y6:sku:BX-60-HW': a quote has contract years 1 to 5.",
    ],
    [
      'a model fact outside scope appliance_model',
      { condition: p('model:missing', 'gt', 0) },
      "Rule 'X' › condition: 'model:missing' is known only to rules of scope appliance_model.",
    ],
    [
      'an operator that does not fit',
      { condition: p('quantity:sku:BX-60-HW', 'in', ['1']) },
      "Rule 'X' › condition: 'in' cannot compare quantity:sku:BX-60-HW; use gt, gte, lt, lte, eq, neq.",
    ],
    [
      'a model placeholder outside its scope',
      { message: '{model} lacks support.' },
      "Rule 'X' › message: '{model}' is known only to rules of scope appliance_model.",
    ],
    [
      'a stray brace',
      { message: 'Add {model.' },
      "Rule 'X' › message: 'Add {model.' has a brace without its pair.",
    ],
    [
      'an unknown SKU in an action',
      { actions: [{ op: 'add', sku: 'BX-60-SUP-GOLD', quantity: '1' }] },
      "Rule 'X' › action 1: BX-60-SUP-GOLD is not a SKU of the catalogue.",
    ],
    [
      'a formula that cannot be read',
      { actions: [{ op: 'add', sku: 'BX-60-SUP-PRM', quantity: '2 +' }] },
      "Rule 'X' › action 1: quantity '2 +' is not a formula.",
    ],
    [
      'a formula naming text',
      { actions: [{ op: 'add', sku: 'BX-60-SUP-PRM', quantity: '{region}' }] },
      "Rule 'X' › action 1: quantity '{region}': {region} is not a number.",
    ],
    [
      'a recommendation action that is not an add',
      { kind: 'recommendation', actions: [{ op: 'remove', sku: 'BX-60-HW' }] },
      "Rule 'X' › action 1: a recommendation rule's action is add.",
    ],
    [
      'a filter of another scope',
      { kind: 'filter', scope: 'year' },
      "Rule 'X': a filter hides SKUs from the whole quote: its scope is quote.",
    ],
    [
      'a filter naming an unknown family',
      { kind: 'filter', message: '', actions: [{ op: 'hide', select: { families: ['ROUTERS'] } }] },
      "Rule 'X' › action 1: ROUTERS is not a product family of the catalogue.",
    ],
    [
      'a day February does not have',
      { effective_from: '2026-02-30' },
      "Rule 'X': effective_from is a date (YYYY-MM-DD) or empty.",
    ],
    [
      'dates the wrong way round',
      { effective_from: '2026-06-01', effective_to: '2026-01-01' },
      "Rule 'X': it ends (2026-01-01) before it starts (2026-06-01).",
    ],
    [
      'a selection rule without apply',
      { kind: 'selection' },
      "Rule 'X': a selection rule is offered or automatic.",
    ],
  ])('refuses %s', (_name, overrides, message) => {
    expect(check(overrides)).toEqual({ ok: false, message });
  });
});

const selection = (id: string, actions: unknown[]): ProductRule =>
  rule({ id, kind: 'selection', apply: 'automatic', actions } as Partial<ProductRule> & {
    id: string;
  });

describe('checkRuleSet', () => {
  it('accepts the demo rules', () => {
    expect(checkRuleSet(DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG)).toEqual({ ok: true });
  });

  it.each<[string, ProductRule[], string]>([
    [
      'a rule that adds what another removes',
      [
        selection('adds', [{ op: 'add', sku: 'BX-60-SUP-PRM', quantity: '1' }]),
        selection('removes', [{ op: 'remove', sku: 'BX-60-SUP-PRM' }]),
      ],
      "Rule 'adds' adds BX-60-SUP-PRM, which rule 'removes' removes: they could undo each other for ever.",
    ],
    [
      'a template that adds what another removes',
      [
        selection('adds', [{ op: 'add', sku: '{model}-SUP-ELT', quantity: '1' }]),
        selection('removes', [{ op: 'remove', sku: 'BX-200F-SUP-ELT' }]),
      ],
      "Rule 'adds' adds BX-200F-SUP-ELT, which rule 'removes' removes: they could undo each other for ever.",
    ],
    [
      'a cycle of replaces',
      [
        selection('up', [{ op: 'replace', sku: 'BX-60-SUP-STD', by: 'BX-60-SUP-PRM' }]),
        selection('up again', [{ op: 'replace', sku: 'BX-60-SUP-PRM', by: 'BX-60-SUP-ELT' }]),
        selection('down', [{ op: 'replace', sku: 'BX-60-SUP-ELT', by: 'BX-60-SUP-STD' }]),
      ],
      "Rules 'up', 'up again', 'down' replace in a cycle: BX-60-SUP-STD → BX-60-SUP-PRM → BX-60-SUP-ELT → BX-60-SUP-STD.",
    ],
  ])('refuses %s', (_name, rules, message) => {
    expect(checkRuleSet(rules, DEMO_RULE_CATALOG)).toEqual({ ok: false, message });
  });

  it('accepts a chain of replaces that ends', () => {
    const rules = [
      selection('up', [{ op: 'replace', sku: 'BX-60-SUP-STD', by: 'BX-60-SUP-PRM' }]),
      selection('up again', [{ op: 'replace', sku: 'BX-60-SUP-PRM', by: 'BX-60-SUP-ELT' }]),
    ];
    expect(checkRuleSet(rules, DEMO_RULE_CATALOG)).toEqual({ ok: true });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PredicateNode } from '../approvals/predicates.ts';
import { DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG } from './demo-rules.ts';
import { evaluateProductRules } from './evaluate.ts';
import { MAX_YEARS, RULE_SCOPES, type LineAction, type ProductRule } from './model.ts';
import { line, quoteWith } from './test-helpers.ts';

const SKUS = Object.keys(DEMO_RULE_CATALOG);
const sku = fc.constantFrom(...SKUS);

const predicate: fc.Arbitrary<PredicateNode> = fc.oneof(
  fc.record({
    kind: fc.constant('predicate' as const),
    fact: fc.oneof(
      sku.map((code) => `quantity:sku:${code}`),
      fc.constantFrom(
        'lines:family:FIREWALL',
        'quantity:kind:HARDWARE',
        'quantity.y2:attribute:segment=branch',
      ),
    ),
    op: fc.constantFrom('gt' as const, 'eq' as const, 'lte' as const),
    value: fc.integer({ min: 0, max: 5 }),
  }),
  fc.constant<PredicateNode>({ kind: 'predicate', fact: 'deal_type', op: 'eq', value: 'NB' }),
);
const condition = fc.oneof(
  predicate,
  fc
    .array(predicate, { minLength: 1, maxLength: 3 })
    .map((children): PredicateNode => ({ kind: 'group', combinator: 'OR', children })),
);
const action: fc.Arbitrary<LineAction> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    sku,
    quantity: fc.constantFrom('1', '{quantity:kind:HARDWARE} + 1', '2 * 3'),
  }),
  fc.record({ op: fc.constant('remove' as const), sku }),
  fc.record({ op: fc.constant('replace' as const), sku, by: sku }),
);
// Unchecked on purpose: loops checkRuleSet would refuse must still end.
const randomRule = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    kind: fc.constantFrom('validation' as const, 'selection' as const, 'recommendation' as const),
    apply: fc.constantFrom('offer' as const, 'automatic' as const),
    priority: fc.integer({ min: 0, max: 3 }),
    scope: fc.constantFrom(...RULE_SCOPES),
    condition,
    actions: fc.array(action, { maxLength: 3 }),
  })
  .map((draft): ProductRule => ({
    ...draft,
    name: draft.id,
    severity: 'error',
    is_active: true,
    effective_from: null,
    effective_to: null,
    message: 'Rule {quantity:kind:HARDWARE|unit}.',
  }));
const lines = fc
  .array(
    fc.record({
      sku,
      quantities: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: MAX_YEARS }),
      ha: fc.boolean(),
    }),
    { maxLength: 12 },
  )
  .map((drafts) =>
    drafts.map((draft, index) => line(`l${index}`, draft.sku, draft.quantities, draft.ha)),
  );

describe('evaluateProductRules, over random rules and lines', () => {
  it('always ends and never throws; quantities stay whole and 0 or more; what it applies is settled', () => {
    fc.assert(
      fc.property(fc.array(randomRule, { maxLength: 8 }), lines, (rules, quoteLines) => {
        const result = evaluateProductRules(
          quoteWith(quoteLines),
          [...rules, ...DEMO_PRODUCT_RULES],
          '2026-05-01',
        );
        for (const changed of [...result.actions, ...result.applied])
          for (const change of changed.changes)
            for (const quantity of change.quantities)
              expect(Number.isInteger(quantity) && quantity >= 0).toBe(true);
        const ids = new Set(rules.map((rule) => rule.id));
        for (const broken of result.broken) expect(ids.has(broken.rule_id)).toBe(true);
        // What automatic rules apply is settled: the lines they leave change no more (the page
        // applies them and prices again).
        const again = evaluateProductRules(
          quoteWith(result.lines_after_automatic),
          [...rules, ...DEMO_PRODUCT_RULES],
          '2026-05-01',
        );
        expect(again.applied).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

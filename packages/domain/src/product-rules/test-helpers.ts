/** Builders for the tests of product rules. */
import type { PredicateNode } from '../approvals/predicates.ts';
import { DEMO_RULE_CATALOG } from './demo-rules.ts';
import type { ProductRule, ProductRuleInput, RuleLine, RuleQuoteFacts } from './model.ts';

export const QUOTE: RuleQuoteFacts = {
  quote_type: 'STANDARD',
  deal_type: 'NB',
  sales_channel: 'DIRECT',
  region: 'EMEA',
  currency: 'USD',
  is_renewal: false,
};

export const line = (
  key: string,
  sku: string,
  quantities: number[],
  high_availability = false,
): RuleLine => ({ key, sku, quantities, attributes: { high_availability } });

export const quoteWith = (
  lines: RuleLine[],
  quote: Partial<RuleQuoteFacts> = {},
): ProductRuleInput => ({
  quote: { ...QUOTE, ...quote },
  lines,
  catalog: DEMO_RULE_CATALOG,
});

export const p = (fact: string, op: string, value: unknown = null) =>
  ({ kind: 'predicate', fact, op, value }) as PredicateNode;
export const and = (...children: PredicateNode[]): PredicateNode => ({
  kind: 'group',
  combinator: 'AND',
  children,
});

/** A validation error rule in force, shaped by `overrides`. */
export const rule = (overrides: Partial<ProductRule> & { id: string }): ProductRule =>
  ({
    name: overrides.id,
    kind: 'validation',
    severity: 'error',
    is_active: true,
    priority: 1,
    effective_from: null,
    effective_to: null,
    scope: 'quote',
    condition: p('deal_type', 'eq', 'NB'),
    message: 'Held.',
    actions: [],
    ...overrides,
  }) as ProductRule;

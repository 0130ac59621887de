import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG } from './demo-rules.ts';
import { checkFactName } from './facts.ts';
import { ruleFactNamed, ruleFactsFor } from './fact-vocabulary.ts';
import type { PredicateNode } from '../approvals/predicates.ts';
import type { RuleScope } from './model.ts';

describe('the facts the rule editor offers', () => {
  it.each<[string, RuleScope, string | undefined]>([
    ['quote_type', 'quote', 'text'],
    ['is_renewal', 'quote', 'boolean'],
    ['year', 'year', 'number'],
    ['year', 'quote', undefined],
    ['model:missing', 'appliance_model', 'number'],
    ['model:missing', 'quote', undefined],
    ['quantity:sku:BX-200F-HW', 'quote', 'number'],
    ['lines.y3:attribute:segment=campus', 'year', 'number'],
    ['quantity.y6:sku:BX-200F-HW', 'quote', undefined],
    ['quantity:colour:red', 'quote', undefined],
    ['', 'quote', undefined],
  ])('%s in scope %s is %s', (name, scope, type) => {
    expect(ruleFactNamed(name, scope)?.type).toBe(type);
  });

  it('suggests only names the checker knows, of the type it gives them', () => {
    for (const scope of ['quote', 'year', 'appliance_model'] as const) {
      for (const suggestion of ruleFactsFor(scope)) {
        const checked = checkFactName(suggestion.name, scope, DEMO_RULE_CATALOG);
        expect(checked.ok ? checked.type : checked.problem, suggestion.name).toBe(suggestion.type);
      }
    }
  });

  it('types every fact the demo rules compare', () => {
    const factsOf = (node: PredicateNode): string[] =>
      node.kind === 'group' ? node.children.flatMap(factsOf) : [node.fact];
    for (const rule of DEMO_PRODUCT_RULES)
      for (const name of factsOf(rule.condition))
        expect(ruleFactNamed(name, rule.scope), `${rule.id}: ${name}`).toBeDefined();
  });
});

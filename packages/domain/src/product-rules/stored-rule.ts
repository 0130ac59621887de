/**
 * A product rule as the product_rules table holds it: the columns lists and filters read, and
 * the rest as `definition`. Both ways go through checkRule, so a stored rule is read back only
 * if the catalogue still satisfies it.
 */
import { checkRule, type RuleCheck } from './check-rule.ts';
import type { ProductRule, RuleCatalog } from './model.ts';

export interface StoredProductRule {
  id: string;
  name: string;
  kind: ProductRule['kind'];
  is_active: boolean;
  priority: number;
  effective_from: string | null;
  effective_to: string | null;
  definition: Record<string, unknown>;
}

/** A checked rule's columns and definition. */
export function storedRuleOf(rule: ProductRule): StoredProductRule {
  const { id, name, kind, is_active, priority, effective_from, effective_to, ...definition } = rule;
  return { id, name, kind, is_active, priority, effective_from, effective_to, definition };
}

/** A stored rule checked against today's catalogue: the rule, or why it no longer holds. */
export function ruleFromStored(stored: StoredProductRule, catalog: RuleCatalog): RuleCheck {
  const { definition, ...columns } = stored;
  return checkRule({ ...definition, ...columns }, catalog);
}

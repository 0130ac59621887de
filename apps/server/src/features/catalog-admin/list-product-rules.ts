import type { Database } from '@bastion/db/client';
import { loadRuleSet } from '../../core/pricing/product-rule-inputs.repository.ts';
import { listProductRuleRows } from './product-rules.repository.ts';
import { productRuleView } from './product-rule-view.ts';

/** Every product rule, by priority, each with why it no longer holds against the catalogue. */
export async function listProductRules(db: Database) {
  const [rows, ruleSet] = await Promise.all([listProductRuleRows(db), loadRuleSet(db)]);
  return { rules: rows.map((row) => productRuleView(row, ruleSet.catalog)) };
}

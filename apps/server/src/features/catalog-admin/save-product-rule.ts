import { randomUUID } from 'node:crypto';
import type { SaveProductRuleInput } from '@bastion/domain/product-rules/admin-schemas';
import { checkRule, checkRuleSet } from '@bastion/domain/product-rules/check-rule';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import type { Database } from '@bastion/db/client';
import { productRuleColumns } from '@bastion/db/schema/catalog';
import type { AuthContext } from '../../lib/access.ts';
import { loadRuleSet } from '../../core/pricing/product-rule-inputs.repository.ts';
import { invalidField, isUniqueViolation } from './catalog-admin-errors.ts';
import {
  findOtherProductRuleNamed,
  findProductRuleRow,
  insertProductRule,
  updateProductRuleAtVersion,
} from './product-rules.repository.ts';
import {
  productRuleNotFound,
  productRuleView,
  ruleRefusal,
  staleProductRule,
} from './product-rule-view.ts';

/** The editor's fields as checkRule reads a rule. */
export const ruleInputOf = (id: string, input: Omit<SaveProductRuleInput, 'id' | 'version'>) => ({
  id,
  name: input.name,
  kind: input.kind,
  is_active: input.is_active,
  priority: input.priority,
  effective_from: input.effective_from,
  effective_to: input.effective_to,
  scope: input.scope,
  condition: input.condition,
  message: input.message,
  severity: input.severity,
  apply: input.apply,
  actions: input.actions,
});

/**
 * Creates a product rule (no id) or changes one at the version the admin opened (issue 34). The
 * rule must pass checkRule against the catalogue (the refusal names the part), and the rules in
 * force with it must not undo each other's selections (checkRuleSet).
 */
export async function saveProductRule(
  db: Database,
  caller: AuthContext,
  input: SaveProductRuleInput,
  now = new Date(),
) {
  const ruleSet = await loadRuleSet(db);
  const id = input.id ?? randomUUID();
  const check = checkRule(ruleInputOf(id, input), ruleSet.catalog);
  if (!check.ok) throw ruleRefusal(check.message);
  const others = ruleSet.rules.filter((rule) => rule.id !== id);
  const set = checkRuleSet([...others, check.rule], ruleSet.catalog);
  if (!set.ok) throw invalidField('actions', set.message);

  const stored = storedRuleOf(check.rule);
  const fields = { ...productRuleColumns(stored), description: input.description };
  const nameTaken = () => invalidField('name', `Another product rule is called "${stored.name}".`);
  try {
    await db.transaction(async (tx) => {
      if (await findOtherProductRuleNamed(tx, stored.name, input.id)) throw nameTaken();
      if (input.id === undefined) {
        await insertProductRule(tx, { id, ...fields }, caller.userId, now);
        return;
      }
      if (input.version === undefined) {
        throw invalidField('version', 'Send the version of the product rule you opened.');
      }
      const current = await findProductRuleRow(tx, input.id);
      if (!current) throw productRuleNotFound();
      if (current.rule.version !== input.version) throw staleProductRule();
      const isUpdated = await updateProductRuleAtVersion(
        tx,
        { id: input.id, expectedVersion: input.version, fields },
        caller.userId,
        now,
      );
      if (!isUpdated) throw staleProductRule();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  const saved = await findProductRuleRow(db, id);
  if (!saved) throw productRuleNotFound();
  return { ...productRuleView(saved, ruleSet.catalog), isCreated: input.id === undefined };
}

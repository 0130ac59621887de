import type { ProductRuleView } from '@bastion/domain/product-rules/admin-schemas';
import type { RuleCatalog } from '@bastion/domain/product-rules/model';
import { ruleFromStored } from '@bastion/domain/product-rules/stored-rule';
import { AppError } from '../../lib/app-error.ts';
import { invalidField } from './catalog-admin-errors.ts';
import type { ProductRuleRow } from './product-rules.repository.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored rule as the admin sees it, with why it no longer holds against `catalog`, if so. */
export function productRuleView(
  row: {
    rule: ProductRuleRow;
    updatedByEmail: string | null;
    failureMessage?: string | null;
    failedAt?: Date | null;
  },
  catalog: RuleCatalog,
): ProductRuleView {
  const { rule } = row;
  const check = ruleFromStored(
    {
      id: rule.id,
      name: rule.name,
      kind: rule.kind,
      is_active: rule.isActive,
      priority: rule.priority,
      effective_from: rule.effectiveFrom,
      effective_to: rule.effectiveTo,
      definition: rule.definition,
    },
    catalog,
  );
  const definition = rule.definition;
  return {
    id: rule.id,
    version: rule.version,
    name: rule.name,
    description: rule.description,
    kind: rule.kind,
    is_active: rule.isActive,
    priority: rule.priority,
    effective_from: rule.effectiveFrom,
    effective_to: rule.effectiveTo,
    scope: text(definition.scope) ?? 'quote',
    condition: definition.condition ?? null,
    message: text(definition.message) ?? '',
    severity: text(definition.severity),
    apply: text(definition.apply),
    actions: Array.isArray(definition.actions) ? (definition.actions as unknown[]) : [],
    problem: check.ok ? null : check.message,
    failure:
      row.failureMessage && row.failedAt
        ? { message: row.failureMessage, failed_at: row.failedAt.toISOString() }
        : null,
    updated_at: rule.updatedAt.toISOString(),
    updated_by: row.updatedByEmail,
  };
}

/**
 * checkRule's refusal as a 400 on the editor's field it is about ("Rule 'X' › condition 2: …"
 * is the condition's).
 */
export function ruleRefusal(message: string): AppError {
  const path = message.includes('› condition')
    ? 'condition'
    : message.includes('› message')
      ? 'message'
      : message.includes('› action')
        ? 'actions'
        : 'rule';
  return invalidField(path, message);
}

export const productRuleNotFound = () =>
  new AppError('NOT_FOUND', 'There is no such product rule; someone may have deleted it. Reload.');

export const staleProductRule = () =>
  new AppError(
    'CONFLICT',
    'Someone changed this product rule after you opened it. Reload to see their changes, then make yours again.',
  );

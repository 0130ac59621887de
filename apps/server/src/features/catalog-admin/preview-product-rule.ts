import { contractYearsOf } from '@bastion/domain/documents/document-values';
import type {
  PreviewProductRuleInput,
  ProductRulePreview,
} from '@bastion/domain/product-rules/admin-schemas';
import { checkRule } from '@bastion/domain/product-rules/check-rule';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import {
  evaluateQuoteRules,
  labelledActions,
  loadRuleSet,
  readStoredRuleLines,
} from '../../core/pricing/product-rule-inputs.repository.ts';
import { findQuoteNumbered } from './product-rules.repository.ts';
import { ruleRefusal } from './product-rule-view.ts';
import { ruleInputOf } from './save-product-rule.ts';

/** How many of a filter's hidden SKUs the preview lists. */
const HIDDEN_SHOWN = 20;

/**
 * "Test this rule against quote X" (issue 34): the rule as it stands in the editor, saved or
 * not, active and in force whatever its switch and dates say, alone over the quote's stored
 * lines: its messages, its offers, what an automatic selection would change, what a filter hides.
 */
export async function previewProductRule(
  db: Database,
  input: PreviewProductRuleInput,
  now = new Date(),
): Promise<ProductRulePreview> {
  const ruleSet = await loadRuleSet(db);
  const check = checkRule(
    {
      ...ruleInputOf('preview', input),
      is_active: true,
      effective_from: null,
      effective_to: null,
    },
    ruleSet.catalog,
  );
  if (!check.ok) throw ruleRefusal(check.message);
  const quote = await findQuoteNumbered(db, input.quote_number);
  if (!quote) {
    const message = `There is no quote ${input.quote_number.trim().toUpperCase()}.`;
    throw new AppError('NOT_FOUND', message, { details: [{ path: 'quote_number', message }] });
  }
  const lines = await readStoredRuleLines(
    db,
    quote.id,
    contractYearsOf(quote.quoteType, quote.contractLength),
  );
  const result = evaluateQuoteRules(
    // The rule alone: neither the other rules nor the bundles' option checks.
    { catalog: ruleSet.catalog, rules: [check.rule] },
    quote,
    lines,
    todayIso(now),
  );
  return {
    quote: {
      id: quote.id,
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      lines: lines.map((line) => ({
        id: line.key,
        sku: line.sku,
        quantities: [...line.quantities],
      })),
    },
    messages: result.messages,
    actions: await labelledActions(db, result.actions),
    applied: await labelledActions(db, result.applied),
    hidden_sku_count: result.hidden_skus.length,
    hidden_skus: result.hidden_skus.slice(0, HIDDEN_SHOWN),
    broken: result.broken[0]?.message ?? null,
  };
}

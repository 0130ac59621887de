import { checkPredicateTree, evaluatePredicateTree } from '@bastion/domain/approvals/predicates';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { loadApprovalFacts } from '../../core/approvals/approval-facts.repository.ts';
import { invalidField } from './approval-admin-errors.ts';
import { findQuoteByNumber } from './approval-admin.repository.ts';

/**
 * "Test this rule against quote X": the condition as it stands in the editor, saved or not,
 * evaluated on the quote's facts as a submission would compute them now, with each condition's
 * outcome and the quote's value behind it.
 */
export async function previewApprovalRule(
  db: Database,
  input: { predicate?: unknown; quote_number: string },
  now = new Date(),
) {
  const check = checkPredicateTree(input.predicate);
  if (!check.ok) throw invalidField('predicate', check.message);
  const quote = await findQuoteByNumber(db, input.quote_number);
  if (!quote) {
    throw new AppError('NOT_FOUND', `There is no quote ${input.quote_number.toUpperCase()}.`, {
      details: [
        { path: 'quote_number', message: `There is no quote ${input.quote_number.toUpperCase()}.` },
      ],
    });
  }
  const loaded = await loadApprovalFacts(db, quote.id, now);
  const evaluation = evaluatePredicateTree(check.tree, loaded.facts);
  const facts: Record<string, number | string | boolean> = {};
  for (const [name, value] of Object.entries(loaded.facts)) {
    if (value !== undefined) facts[name] = value;
  }
  return {
    quote: {
      id: quote.id,
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      account_name: quote.accountName,
      region: loaded.region,
    },
    matched: evaluation.matched,
    explanations: evaluation.explanations,
    facts,
    pricing_problems: loaded.pricingErrors,
  };
}

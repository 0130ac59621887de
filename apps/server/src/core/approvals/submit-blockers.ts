import { blockingMessages } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import { appNow } from '../../lib/clock.ts';
import { storedLinesRuleOutcome } from '../pricing/product-rule-inputs.repository.ts';
import { termsBlockingSummary } from '../terms/quote-terms.repository.ts';
import type { LoadedApprovalFacts } from './approval-facts.repository.ts';

/**
 * What keeps a quote from being submitted as it stands: its terms not saved or not sound, lines
 * that cannot be priced, a product rule's error (issue 34). Submitting reads it, and so does
 * smart re-approval after a change (a quote that could not be submitted is not re-submitted).
 */
export async function submitBlockersOf(
  db: Database,
  quote: QuoteRow,
  loaded: LoadedApprovalFacts,
): Promise<string[]> {
  const terms = await termsBlockingSummary(db, quote);
  const blockers = terms.length > 0 ? [`Save this quote's terms first: ${terms.join(' ')}`] : [];
  if (loaded.pricingErrors.length > 0) {
    blockers.push(`The quote cannot be priced: ${loaded.pricingErrors.join(' ')}`);
  }
  const rules = await storedLinesRuleOutcome(db, quote, appNow());
  blockers.push(...blockingMessages(rules).map((error) => error.message));
  return blockers;
}

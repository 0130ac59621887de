import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import { AppError } from '../../lib/app-error.ts';
import { termsBlockingSummary } from '../terms/quote-terms.repository.ts';

/*
 * Whether a quote has reached its summary, shared by the summary and by the documents made from
 * it (issue 17): a document shows what the summary shows, so neither exists before the other.
 */

/** Why a quote still at an earlier step of the flow (spec §4) has no summary yet. */
export const SUMMARY_NOT_REACHED = {
  INCOMPLETE:
    'This quote has not reached its summary: finish its products (Next on the configure page), its shipping and its terms first.',
  SH_HW_CONFIG:
    'This quote has not reached its summary: finish its shipping (Next on the shipping page) and its terms first.',
} as const satisfies Record<string, string>;

export const SAVE_TERMS_FIRST = "Save this quote's terms before opening its summary:";

/**
 * The summary follows the terms (docs/decisions/011): a quote still being built opens it only
 * from the terms step (TNC) with its terms saved and every clause its rules require on them.
 * Legacy quotes and quotes past the terms step (submitted, decided, archived) always open it.
 * The refusal (409) names the step to go back to in its detail's path: status_id or terms.
 */
export async function requireSummaryReached(db: Database, quote: QuoteRow): Promise<void> {
  if (quote.quoteType === 'LEGACY') return;
  if (quote.statusId === 'INCOMPLETE' || quote.statusId === 'SH_HW_CONFIG') {
    const message = SUMMARY_NOT_REACHED[quote.statusId];
    throw new AppError('CONFLICT', message, { details: [{ path: 'status_id', message }] });
  }
  if (quote.statusId !== 'TNC') return;
  const problems = await termsBlockingSummary(db, quote);
  if (problems.length === 0) return;
  const message = `${SAVE_TERMS_FIRST} ${problems.join(' ')}`;
  throw new AppError('CONFLICT', message, { details: [{ path: 'terms', message }] });
}

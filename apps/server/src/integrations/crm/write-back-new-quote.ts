import type { CrmAdapter } from './crm-adapter.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';

/**
 * Tells the CRM opportunity of a quote just made (created or copied) about it. The quote exists
 * whatever the CRM says now: a failed write-back is logged, and retried by the next sync.
 */
export async function writeBackNewQuote(
  deps: { crm: CrmAdapter; log: { warn: (details: object, message: string) => void } },
  opportunityId: string,
  quote: QuoteRow,
  failureMessage: string,
): Promise<void> {
  await deps.crm
    .writeBackQuote(opportunityId, {
      quoteNumber: quote.quoteNumber,
      status: quote.statusId,
      amountMinor: quote.totalAmountMinor,
      currencyCode: quote.currencyCode,
    })
    .catch((error: unknown) => deps.log.warn({ err: error, quoteId: quote.id }, failureMessage));
}

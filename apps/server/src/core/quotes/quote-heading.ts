import { quoteStatusColor, quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import type { QuoteRow } from '@bastion/db/schema/quotes';

/** How an answer about one quote names it and its status (zQuoteHeadingFields). */
export const quoteHeadingOf = (quote: QuoteRow) => ({
  id: quote.id,
  quote_number: quote.quoteNumber,
  quote_name: quote.quoteName,
  quote_type: quote.quoteType,
  status_id: quote.statusId,
  status_label: quoteStatusLabel(quote.statusId),
  status_tone: quoteStatusColor(quote.statusId),
});

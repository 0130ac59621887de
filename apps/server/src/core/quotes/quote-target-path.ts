import { quoteTargetPath } from '@bastion/domain/quotes/quote-route';
import type { QuoteRow } from '@bastion/db/schema/quotes';

/** Where a stored quote opens: the page for its type and status (packages/domain decides). */
export const targetPathOfQuote = (
  quote: Pick<
    QuoteRow,
    'id' | 'quoteType' | 'dealType' | 'statusId' | 'preArchiveStatusId' | 'isCoterm' | 'isRenewal'
  >,
) =>
  quoteTargetPath({
    id: quote.id,
    quote_type: quote.quoteType,
    deal_type: quote.dealType,
    status_id: quote.statusId,
    pre_archive_status_id: quote.preArchiveStatusId,
    is_coterm: quote.isCoterm,
    is_renewal: quote.isRenewal,
  });

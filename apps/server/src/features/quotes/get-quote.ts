import { quoteStatusColor, quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import { opensOnRenewalPage } from '@bastion/domain/renewals/renewal-draft';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';

export function quoteView(quote: QuoteRow) {
  return {
    id: quote.id,
    quote_number: quote.quoteNumber,
    quote_name: quote.quoteName,
    quote_type: quote.quoteType,
    deal_type: quote.dealType,
    status_id: quote.statusId,
    status_label: quoteStatusLabel(quote.statusId),
    status_tone: quoteStatusColor(quote.statusId),
    pre_archive_status_id: quote.preArchiveStatusId,
    is_coterm: quote.isCoterm,
    is_renewal: quote.isRenewal,
    opens_on_renewal_page: opensOnRenewalPage(quote),
    contract_length: quote.contractLength,
    sales_channel: quote.salesChannel,
    partner_type: quote.partnerType,
    currency_code: quote.currencyCode,
    total_amount_minor: quote.totalAmountMinor,
    opportunity_id: quote.opportunityId,
    account_id: quote.accountId,
    account_name: quote.accountName,
    region: quote.region,
    details: quote.details,
    version: quote.version,
    created_at: quote.createdAt.toISOString(),
    updated_at: quote.updatedAt.toISOString(),
    target_path: targetPathOfQuote(quote),
  };
}

export async function getQuote(db: Database, caller: AuthContext, id: string) {
  return quoteView(await requireVisibleQuote(db, caller, id));
}

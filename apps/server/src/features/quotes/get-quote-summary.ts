import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { findLookups } from '../../core/forms/form-definitions.repository.ts';
import { requireSummaryReached } from '../../core/quotes/quote-summary-reached.ts';
import { readRenewalOverview } from '../../core/renewals/renewal-overview.repository.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { configurationWithFullPricing } from './get-quote-configuration.ts';
import { shippingOf } from './configure-shipping.ts';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Contract dates as the quote header holds them (ISO), shown DD-MMM-YYYY (spec §9). */
const shownDate = (value: unknown) => {
  const iso = text(value);
  return iso ? (formatContractStartDate(iso) ?? iso) : null;
};

export {
  requireSummaryReached,
  SAVE_TERMS_FIRST,
  SUMMARY_NOT_REACHED,
} from '../../core/quotes/quote-summary-reached.ts';

/**
 * Everything the summary shows (spec §2 quote-summary, legacy-quote-summary): the header as the
 * customer will read it, the priced lines, the shipping, and what the caller may do next. The
 * terms come from the terms feature's own call.
 */
export async function getQuoteSummary(
  db: Database,
  caller: AuthContext,
  id: string,
  approverAccess?: ApproverQuoteAccess,
) {
  const { quote, isQuoteUser } = await findQuoteForReader(db, caller, id, approverAccess);
  await requireSummaryReached(db, quote);
  const details = record(quote.details);
  const opportunity = record(details.opportunity);
  const header = record(details.header);
  const isLegacy = quote.quoteType === 'LEGACY';
  const [configuration, shipping, renewal, lookups] = await Promise.all([
    configurationWithFullPricing(db, caller, quote),
    isLegacy ? null : shippingOf(db, quote),
    readRenewalOverview(db, quote.renewal),
    findLookups(db, ['slas']),
  ]);
  // The header's SLA, as edited on the quote, named as its list names it; else the CRM's.
  const headerSla = text(header.sla);
  const slaLabel = headerSla
    ? (lookups.slas?.find((option) => option.value === headerSla)?.label ?? headerSla)
    : null;
  const f = caller.permissions;
  return {
    ...configuration,
    is_legacy: isLegacy,
    header: {
      customer: text(opportunity.end_customer_name) ?? quote.accountName,
      opportunity_id: quote.opportunityId,
      opportunity_name: text(opportunity.opportunity_name),
      quote_type: quote.quoteType,
      deal_type: dealTypeName(quote.dealType) ?? quote.dealType,
      sales_channel: quote.salesChannel,
      partner: text(opportunity.reseller_name),
      distributor: text(opportunity.distributor_name),
      currency_code: quote.currencyCode,
      contract_length: quote.contractLength,
      contract_start_date:
        shownDate(header.contract_start_date) ?? text(opportunity.contract_start_date),
      contract_end_date: shownDate(header.contract_end_date),
      payment_term: text(header.payment_term_name) ?? text(opportunity.payment_term_name),
      sla: slaLabel ?? text(opportunity.sla_name),
      contracting_entity: text(opportunity.contracting_entity_name),
      region: quote.region,
    },
    renewal,
    shipping: shipping
      ? {
          products: shipping.products,
          lines: shipping.lines,
          regions: shipping.regions,
          incoterms: shipping.incoterms,
        }
      : null,
    actions: {
      can_edit: !configuration.is_read_only && (f.can_create_quote || f.is_deal_desk_user),
      // The history page reads the quote as a quote user, like the flow pages.
      can_see_history: f.can_see_history && isQuoteUser,
      can_download_docx: f.can_download_docx,
      // Approvers who read the quote only through its approval cannot open those pages.
      can_open_flow_pages: isQuoteUser,
    },
  };
}

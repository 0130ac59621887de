import type { FormValues, Lookups } from '@bastion/domain/forms/recipe';
import {
  mapOpportunityToQuote,
  type OpportunityQuoteFields,
} from '@bastion/domain/quotes/opportunity-mapping';
import type { CrmOpportunitySnapshot } from '../../integrations/crm/crm-adapter.ts';
import { opportunityFactsOf } from '../../integrations/crm/opportunity-facts.ts';

/** The opportunity's facts as a quote keeps them (spec §3), with the form's lookup lists. */
export function mapSnapshot(
  snapshot: CrmOpportunitySnapshot,
  lookups: Lookups,
): OpportunityQuoteFields | null {
  const facts = opportunityFactsOf(snapshot);
  if (!facts) return null;
  return mapOpportunityToQuote(facts, {
    known_slas: (lookups.slas ?? []).map((option) => option.value),
    sla_labels: Object.fromEntries((lookups.slas ?? []).map((o) => [o.value, o.label])),
    product_families: lookups.product_families ?? [],
  });
}

/** The day before the same date a year later: a 12-month term's last day. */
function oneYearLater(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The quote header values an opportunity suggests; the user reviews them before creating. */
export function prefillOf(mapped: OpportunityQuoteFields): FormValues {
  const prefill: FormValues = {
    quote_name: mapped.quote_name,
    deal_type: mapped.deal_type,
    sales_channel: mapped.sales_channel,
    sla: mapped.sla,
    can_nofity_partner: mapped.can_nofity_partner,
  };
  if (mapped.partner_type) prefill.partner_type = mapped.partner_type;
  if (mapped.partner_contact_email) prefill.partner_contact_email = mapped.partner_contact_email;
  if (mapped.contract_start_date_iso) {
    prefill.contract_start_date = mapped.contract_start_date_iso;
    prefill.contract_end_date = oneYearLater(mapped.contract_start_date_iso);
  }
  if (mapped.product_families.length > 0) prefill.products_evaluated = mapped.product_families;
  return prefill;
}

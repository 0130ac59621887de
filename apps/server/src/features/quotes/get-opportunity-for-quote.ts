import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { createEmbeddedAdapter } from '../../integrations/crm/embedded-adapter.repository.ts';
import { quoteTypesNotOffered } from '../../core/quotes/ela-offer.repository.ts';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
import { CREATE_QUOTE_FORM } from './create-quote.ts';
import { mapSnapshot, prefillOf } from './quote-details.ts';
import { findVisibleOpportunity } from './quotes.repository.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';

/**
 * An opportunity in the caller's scope, read from Bastion's copy of the CRM (a page view does not
 * call the CRM), with the quote header values it suggests.
 */
export async function getOpportunityForQuote(db: Database, caller: AuthContext, id: string) {
  const found = await findVisibleOpportunity(db, viewerOf(caller), id);
  const snapshot = found ? await createEmbeddedAdapter(db).getOpportunity(id) : null;
  const form = await loadFormDefinition(db, CREATE_QUOTE_FORM);
  const mapped = snapshot ? mapSnapshot(snapshot, form.lookups) : null;
  if (!found || !mapped)
    throw new AppError('NOT_FOUND', `There is no opportunity ${id} you can see.`);
  const customer = snapshot?.accounts.find((a) => a.id === snapshot.opportunity.accountId);
  return {
    id: mapped.opportunity_id,
    name: mapped.opportunity_name,
    account_name: mapped.end_customer_name,
    region: mapped.opportunity_region,
    stage: mapped.stage,
    deal_type: mapped.deal_type,
    currency_code: mapped.currency_code,
    amount_minor: mapped.amount_minor,
    close_date: mapped.close_date,
    sales_channel: mapped.sales_channel,
    partner_name: mapped.reseller_name,
    distributor_name: mapped.distributor_name,
    owner_name: mapped.account_owner,
    contracting_entity_name: mapped.contracting_entity_name,
    payment_term_name: mapped.payment_term_name,
    prefill: prefillOf(mapped),
    // App setting remove_ela_healthcare: the form leaves these out of its quote types.
    unoffered_quote_types: await quoteTypesNotOffered(db, customer?.industry ?? ''),
  };
}

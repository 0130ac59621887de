import type {
  OpportunityFacts,
  OpportunityParty,
  PaymentTerm,
} from '@bastion/domain/quotes/opportunity-mapping';
import type { CrmAccount, CrmOpportunitySnapshot } from './crm-adapter.ts';

/**
 * A CRM snapshot as the domain's opportunity → quote mapping reads it (docs/decisions/008).
 * Only reshaping here: every decision is mapOpportunityToQuote's.
 */

const termOf = (
  days: number | null | undefined,
  name: string | null | undefined,
): PaymentTerm | null =>
  days == null && !name?.trim() ? null : { days: days ?? null, name: name?.trim() ?? '' };

const isoOf = (value: Date | string | null | undefined): string =>
  value instanceof Date ? value.toISOString() : (value ?? '');

/** The account's billing or shipping address, blank where the CRM has no value. */
function addressOf(account: CrmAccount, which: 'billing' | 'shipping') {
  const part = (name: 'Street' | 'City' | 'State' | 'PostalCode' | 'Country') =>
    account[`${which}${name}`] ?? '';
  return {
    street: part('Street'),
    city: part('City'),
    state: part('State'),
    postal_code: part('PostalCode'),
    country: part('Country'),
  };
}

function partyOf(account: CrmAccount): OpportunityParty {
  return {
    id: account.id,
    name: account.name,
    // The CRM keeps no separate legal name: contracts are made out to the account name.
    legal_entity_name: account.name,
    billing_address: addressOf(account, 'billing'),
    shipping_address: addressOf(account, 'shipping'),
    payment_term: termOf(account.paymentTermDays, account.paymentTermName),
    partner_type: account.partnerType ?? null,
  };
}

const person = (id: string | null | undefined, name?: string, email?: string) =>
  id || name?.trim() || email?.trim()
    ? { id: id ?? null, name: name ?? '', email: email ?? '' }
    : null;

/** Null when the snapshot lacks the customer account, which every opportunity has. */
export function opportunityFactsOf(snapshot: CrmOpportunitySnapshot): OpportunityFacts | null {
  const o = snapshot.opportunity;
  const accountById = new Map(snapshot.accounts.map((a) => [a.id, a]));
  const customer = accountById.get(o.accountId);
  if (!customer) return null;
  const partner = o.partnerAccountId ? accountById.get(o.partnerAccountId) : undefined;
  const distributor = o.distributorAccountId ? accountById.get(o.distributorAccountId) : undefined;
  const contact = o.partnerContactId
    ? snapshot.contacts.find((c) => c.id === o.partnerContactId)
    : undefined;
  // `country` holds an ISO code in the embedded CRM; Salesforce may hold a name there.
  const countryCode = /^[A-Z]{2}$/.test(customer.country ?? '') ? (customer.country ?? '') : '';
  const countryName = customer.shippingCountry?.trim() || customer.billingCountry?.trim() || '';

  return {
    opportunity_id: o.id,
    opportunity_name: o.name,
    region: o.region,
    sales_country: o.salesCountry ?? '',
    is_named_account: o.isNamedAccount ?? false,
    stage: o.stage ?? '',
    deal_type: o.dealType,
    currency_code: o.currencyCode ?? 'USD',
    amount_minor: o.amountMinor ?? 0,
    amount_to_be_renewed_minor: o.amountToBeRenewedMinor ?? null,
    close_date: o.closeDate ?? null,
    contract_start_date: o.contractStartDate ?? null,
    contract_sign_date: o.contractSignDate ?? null,
    agreement_name: o.agreementName ?? '',
    opp_payment_term: termOf(o.paymentTermDays, o.paymentTermName),
    partner_payment_term: termOf(o.partnerPaymentTermDays, o.partnerPaymentTermName),
    sla: o.sla ?? '',
    is_registered_deal: o.isRegisteredDeal ?? false,
    deal_reg: o.dealReg ?? '',
    is_public_sector: o.isPublicSector ?? false,
    m_s_percentage: o.msPercentage ?? null,
    pod: o.pod ?? '',
    products_evaluated: o.productsEvaluated ?? '',
    champion: o.champion ?? '',
    sales_director: {
      name: o.salesDirectorName ?? '',
      email: o.salesDirectorEmail ?? '',
      phone: o.salesDirectorPhone ?? '',
    },
    se_name: o.seName ?? '',
    csm: person(o.csmId, o.csmName, o.csmEmail),
    cam: person(o.camId, o.camName, o.camEmail),
    account_owner: { name: o.ownerName ?? '', email: o.ownerEmail ?? '' },
    opp_team_members: snapshot.team.map((m) => ({
      email: m.email,
      name: m.name ?? '',
      role: m.role ?? '',
    })),
    created_by: o.createdBy ?? '',
    created_on: isoOf(o.createdOn),
    modified_by: o.modifiedBy ?? '',
    modified_on: isoOf(o.modifiedOn),
    account: partyOf(customer),
    partner: partner ? partyOf(partner) : null,
    partner_contact: contact
      ? {
          id: contact.id,
          name: `${contact.firstName ?? ''} ${contact.lastName ?? ''}`.trim(),
          email: contact.email ?? '',
        }
      : null,
    distributor: distributor ? partyOf(distributor) : null,
    shipping_country: countryCode || countryName ? { id: countryCode, name: countryName } : null,
    // Neither CRM names a contracting entity on the opportunity: the region decides.
    contracting_entity: null,
  };
}

// Kept whole: the opportunity-to-quote mapping, its types and its rules, read together.
import { isValidEmail } from '../validation/email.ts';
import { formatContractStartDate } from './contract-dates.ts';
import {
  defaultContractingEntity,
  defaultPaymentTerm,
  defaultSla,
  type ContractingEntityKey,
  type PaymentTermSource,
} from './opportunity-defaults.ts';
import { deriveSalesChannel, partnerTypeFor, type SalesChannel } from './sales-channel.ts';

/**
 * What a new quote takes from its opportunity (spec §3 "Opportunity mapped to a quote"). The
 * server turns a CRM record into OpportunityFacts; this module decides, without I/O, what the
 * quote gets. Field names are the spec's, spellings included (`can_nofity_partner`).
 */

export interface PostalAddress {
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/** A payment term as the CRM states it; a term with neither days nor a name is "not set". */
export interface PaymentTerm {
  days: number | null;
  name: string;
}

/** The customer, the partner (reseller) or the distributor on the opportunity. */
export interface OpportunityParty {
  id: string;
  name: string;
  /** The name contracts are made out to; the account name when the CRM has no other. */
  legal_entity_name: string;
  billing_address: PostalAddress;
  shipping_address: PostalAddress;
  payment_term: PaymentTerm | null;
  /** The partner's programme level (AUTHORIZED, SELECT…), for partners. */
  partner_type: string | null;
}

export interface OpportunityContact {
  id: string;
  name: string;
  email: string;
}

export interface OpportunityPerson {
  id: string | null;
  name: string;
  email: string;
}

export interface OpportunityTeamMember {
  email: string;
  name: string;
  role: string;
}

export interface Country {
  id: string;
  name: string;
}

export interface ContractingEntity {
  id: string;
  name: string;
}

/** The opportunity as a quote needs it; snake_case like the quote it becomes. */
export interface OpportunityFacts {
  opportunity_id: string;
  opportunity_name: string;
  region: string;
  sales_country: string;
  is_named_account: boolean;
  stage: string;
  deal_type: string;
  currency_code: string;
  amount_minor: number;
  amount_to_be_renewed_minor: number | null;
  /** ISO dates (YYYY-MM-DD), or null. */
  close_date: string | null;
  contract_start_date: string | null;
  contract_sign_date: string | null;
  agreement_name: string;
  /** The opportunity's own term, then the term agreed on the partner's quote (spec §9). */
  opp_payment_term: PaymentTerm | null;
  partner_payment_term: PaymentTerm | null;
  sla: string;
  is_registered_deal: boolean;
  deal_reg: string;
  is_public_sector: boolean;
  /** Managed-service share in percent as a decimal string ('12.50'): never a float. */
  m_s_percentage: string | null;
  pod: string;
  /** Semicolon-separated, as the CRM stores it. */
  products_evaluated: string;
  champion: string;
  sales_director: { name: string; email: string; phone: string };
  se_name: string;
  csm: OpportunityPerson | null;
  cam: OpportunityPerson | null;
  account_owner: { name: string; email: string };
  opp_team_members: readonly OpportunityTeamMember[];
  created_by: string;
  created_on: string;
  modified_by: string;
  modified_on: string;
  account: OpportunityParty;
  partner: OpportunityParty | null;
  partner_contact: OpportunityContact | null;
  distributor: OpportunityParty | null;
  /** Where the goods go, when the CRM says; else the customer's shipping or billing country. */
  shipping_country: Country | null;
  /** An entity the CRM names explicitly wins over the regional default. */
  contracting_entity: ContractingEntity | null;
}

export interface OpportunityMappingOptions {
  /** The SLAs a quote may have (the `slas` lookup values). */
  known_slas: readonly string[];
  /** Display names of the SLAs by value; the value itself otherwise. */
  sla_labels?: Readonly<Record<string, string>>;
  /** The entities behind the regional keys; DEFAULT_CONTRACTING_ENTITIES otherwise. */
  contracting_entities?: Readonly<Record<ContractingEntityKey, ContractingEntity>>;
  /**
   * The product families a quote offers (the `product_families` lookup), so the CRM's labels
   * ('Network Firewall') become the form's values ('FIREWALL').
   */
  product_families?: readonly { value: string; label: string }[];
}

/** Ids are the keys; names follow company law and may be overridden by configuration. */
export const DEFAULT_CONTRACTING_ENTITIES: Readonly<
  Record<ContractingEntityKey, ContractingEntity>
> = {
  GMBH: { id: 'GMBH', name: 'Bastion Security GmbH' },
  INC: { id: 'INC', name: 'Bastion Security Inc.' },
  LTD: { id: 'LTD', name: 'Bastion Security Ltd.' },
};

export type ContractingEntitySource = 'opportunity' | 'region';

/** The quote fields an opportunity fills in (spec §3). */
export interface OpportunityQuoteFields {
  quote_name: string;
  sales_channel: SalesChannel;
  partner_type: string | null;
  deal_type: string;

  account_billing_address: PostalAddress;
  account_shipping_address: PostalAddress;
  partner_billing_address: PostalAddress | null;
  partner_shipping_address: PostalAddress | null;
  distributor_billing_address: PostalAddress | null;
  distributor_shipping_address: PostalAddress | null;

  end_customer_name: string;
  reseller_name: string | null;
  distributor_name: string | null;
  account_legal_entity_name: string;
  partner_legal_entity_name: string | null;
  distributor_legal_entity_name: string | null;

  se_name: string;
  csm_id: string | null;
  csm_email: string;
  csm_name: string;
  cam_id: string | null;
  cam_email: string;
  cam_name: string;

  partner_account_id: string | null;
  partner_contact_id: string | null;
  partner_contact_name: string | null;
  partner_contact_email: string | null;
  can_nofity_partner: boolean;

  shipping_country_id: string | null;
  shipping_country_name: string | null;
  contracting_entity_id: string | null;
  contracting_entity_name: string | null;
  contracting_entity_source: ContractingEntitySource | null;

  currency_code: string;
  opp_currency_code: string;

  payment_term_days: number | null;
  payment_term_name: string | null;
  payment_term_source: PaymentTermSource | null;
  opp_payment_term: PaymentTerm | null;
  partner_payment_term: PaymentTerm | null;

  sla: string;
  sla_name: string;
  /** What the opportunity said, so a screen can tell when the default replaced it. */
  opp_sla: string;
  is_sla_defaulted: boolean;

  agreement_name: string;
  /** ISO, as the CRM has it. */
  contract_sign_date: string | null;
  /** DD-MMM-YYYY (spec §9); null when the CRM has no valid date. */
  contract_start_date: string | null;
  contract_start_date_iso: string | null;

  opportunity_id: string;
  opportunity_name: string;
  opportunity_region: string;
  named_account: boolean;
  sales_country: string;
  stage: string;
  close_date: string | null;
  amount_minor: number;
  is_registered_deal: boolean;
  deal_reg: string;
  is_public_sector: boolean;
  m_s_percentage: string | null;
  pod: string;
  amount_to_be_renewed_minor: number | null;
  opp_team_members: OpportunityTeamMember[];
  account_owner: string;
  account_owner_email: string;
  products_evaluated: string[];
  /** products_evaluated as product-family values; labels the list does not offer are left out. */
  product_families: string[];
  champion: string;
  sales_director_name: string;
  sales_director_email: string;
  sales_director_phone: string;
  created_by: string;
  created_on: string;
  modified_by: string;
  modified_on: string;
}

const blankToNull = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const isTermSet = (term: PaymentTerm | null | undefined): term is PaymentTerm =>
  term != null && (term.days != null || term.name.trim() !== '');

/** 'A; B;;a ' → ['A', 'B', 'a']: trimmed, blanks dropped, first spelling of a repeat kept. */
export function splitProductsEvaluated(list: string | null | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const part of (list ?? '').split(';')) {
    const item = part.trim();
    const key = item.toLowerCase();
    if (item === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

/** Matches each product by the list's label or value, ignoring case. */
function productFamilyValues(
  products: readonly string[],
  families: readonly { value: string; label: string }[],
): string[] {
  const values = new Set<string>();
  for (const product of products) {
    const wanted = product.toLowerCase();
    const family = families.find(
      (f) => f.label.trim().toLowerCase() === wanted || f.value.trim().toLowerCase() === wanted,
    );
    if (family) values.add(family.value);
  }
  return [...values];
}

/**
 * Partner notification needs someone to notify: a channel deal whose partner contact has a valid
 * e-mail address. A direct deal has no partner to tell, whatever contact the CRM still holds.
 */
export function canNotifyPartner(
  channel: SalesChannel,
  contact: OpportunityContact | null,
): boolean {
  return channel !== 'DIRECT' && contact !== null && isValidEmail(contact.email.trim());
}

function contractingEntityOf(
  facts: OpportunityFacts,
  entities: Readonly<Record<ContractingEntityKey, ContractingEntity>>,
): { entity: ContractingEntity; source: ContractingEntitySource } | null {
  const named = facts.contracting_entity;
  if (named && (named.id.trim() !== '' || named.name.trim() !== '')) {
    return { entity: { id: named.id.trim(), name: named.name.trim() }, source: 'opportunity' };
  }
  const key = defaultContractingEntity(facts.region);
  return key ? { entity: entities[key], source: 'region' } : null;
}

/** The country the CRM names; else the customer's shipping, then billing, country (no id). */
function shippingCountryOf(facts: OpportunityFacts): { id: string | null; name: string } | null {
  const given = facts.shipping_country;
  if (given && (given.id.trim() !== '' || given.name.trim() !== '')) {
    return { id: blankToNull(given.id), name: given.name.trim() };
  }
  const name =
    blankToNull(facts.account.shipping_address.country) ??
    blankToNull(facts.account.billing_address.country);
  return name ? { id: null, name } : null;
}

/** The quote fields for an opportunity: pure, the same answer for the same facts. */
export function mapOpportunityToQuote(
  facts: OpportunityFacts,
  options: OpportunityMappingOptions,
): OpportunityQuoteFields {
  const { account, partner, distributor } = facts;
  const channel = deriveSalesChannel({ partner, distributor });
  // On a direct deal the partner and distributor play no part, whatever the CRM still lists.
  const reseller = channel === 'DIRECT' ? null : partner;
  const wholesaler = channel === 'T2' ? distributor : null;
  const partnerContact = reseller ? facts.partner_contact : null;

  const term = defaultPaymentTerm(channel, {
    opportunity: isTermSet(facts.opp_payment_term) ? facts.opp_payment_term : null,
    partnerQuote:
      reseller && isTermSet(facts.partner_payment_term) ? facts.partner_payment_term : null,
    directAccount: isTermSet(account.payment_term) ? account.payment_term : null,
    partner: isTermSet(partner?.payment_term) ? partner.payment_term : null,
    distributor: isTermSet(distributor?.payment_term) ? distributor.payment_term : null,
  });

  const sla = defaultSla(facts.sla, options.known_slas);
  const entity = contractingEntityOf(
    facts,
    options.contracting_entities ?? DEFAULT_CONTRACTING_ENTITIES,
  );
  const shippingCountry = shippingCountryOf(facts);
  const products = splitProductsEvaluated(facts.products_evaluated);
  const currency = facts.currency_code.trim().toUpperCase();
  const startDate = formatContractStartDate(facts.contract_start_date);

  return {
    quote_name: facts.opportunity_name.trim() || `Quote for ${account.name.trim()}`,
    sales_channel: channel,
    partner_type: partnerTypeFor(channel, reseller?.partner_type),
    deal_type: facts.deal_type.trim(),

    account_billing_address: account.billing_address,
    account_shipping_address: account.shipping_address,
    partner_billing_address: reseller?.billing_address ?? null,
    partner_shipping_address: reseller?.shipping_address ?? null,
    distributor_billing_address: wholesaler?.billing_address ?? null,
    distributor_shipping_address: wholesaler?.shipping_address ?? null,

    end_customer_name: account.name.trim(),
    reseller_name: blankToNull(reseller?.name),
    distributor_name: blankToNull(wholesaler?.name),
    account_legal_entity_name: account.legal_entity_name.trim() || account.name.trim(),
    partner_legal_entity_name: reseller
      ? reseller.legal_entity_name.trim() || reseller.name.trim()
      : null,
    distributor_legal_entity_name: wholesaler
      ? wholesaler.legal_entity_name.trim() || wholesaler.name.trim()
      : null,

    se_name: facts.se_name.trim(),
    csm_id: blankToNull(facts.csm?.id),
    csm_email: facts.csm?.email.trim() ?? '',
    csm_name: facts.csm?.name.trim() ?? '',
    cam_id: blankToNull(facts.cam?.id),
    cam_email: facts.cam?.email.trim() ?? '',
    cam_name: facts.cam?.name.trim() ?? '',

    partner_account_id: blankToNull(reseller?.id),
    partner_contact_id: blankToNull(partnerContact?.id),
    partner_contact_name: blankToNull(partnerContact?.name),
    partner_contact_email: blankToNull(partnerContact?.email),
    can_nofity_partner: canNotifyPartner(channel, partnerContact),

    shipping_country_id: shippingCountry?.id ?? null,
    shipping_country_name: blankToNull(shippingCountry?.name),
    contracting_entity_id: entity ? blankToNull(entity.entity.id) : null,
    contracting_entity_name: entity ? blankToNull(entity.entity.name) : null,
    contracting_entity_source: entity?.source ?? null,

    currency_code: currency,
    opp_currency_code: facts.currency_code,

    payment_term_days: term?.term.days ?? null,
    payment_term_name: term ? blankToNull(term.term.name) : null,
    payment_term_source: term?.source ?? null,
    opp_payment_term: isTermSet(facts.opp_payment_term) ? facts.opp_payment_term : null,
    partner_payment_term:
      reseller && isTermSet(facts.partner_payment_term) ? facts.partner_payment_term : null,

    sla,
    sla_name: options.sla_labels?.[sla] ?? sla,
    opp_sla: facts.sla,
    is_sla_defaulted: sla.toLowerCase() !== facts.sla.trim().toLowerCase(),

    agreement_name: facts.agreement_name.trim(),
    contract_sign_date: blankToNull(facts.contract_sign_date?.slice(0, 10)),
    contract_start_date: startDate,
    contract_start_date_iso: startDate
      ? (facts.contract_start_date?.trim().slice(0, 10) ?? null)
      : null,

    opportunity_id: facts.opportunity_id,
    opportunity_name: facts.opportunity_name,
    opportunity_region: facts.region,
    named_account: facts.is_named_account,
    sales_country: facts.sales_country,
    stage: facts.stage,
    close_date: facts.close_date,
    amount_minor: facts.amount_minor,
    is_registered_deal: facts.is_registered_deal,
    deal_reg: facts.deal_reg,
    is_public_sector: facts.is_public_sector,
    m_s_percentage: facts.m_s_percentage,
    pod: facts.pod,
    amount_to_be_renewed_minor: facts.amount_to_be_renewed_minor,
    opp_team_members: facts.opp_team_members.map((m) => ({ ...m })),
    account_owner: facts.account_owner.name,
    account_owner_email: facts.account_owner.email,
    products_evaluated: products,
    product_families: productFamilyValues(products, options.product_families ?? []),
    champion: facts.champion,
    sales_director_name: facts.sales_director.name,
    sales_director_email: facts.sales_director.email,
    sales_director_phone: facts.sales_director.phone,
    created_by: facts.created_by,
    created_on: facts.created_on,
    modified_by: facts.modified_by,
    modified_on: facts.modified_on,
  };
}

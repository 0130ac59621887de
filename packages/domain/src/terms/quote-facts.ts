import type { FormValues } from '../forms/recipe.ts';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import type { PlaceholderValues } from './placeholders.ts';

/**
 * What clause rules may ask about a quote, and what placeholders are filled with. Both come from
 * the quote's columns and the opportunity fields mapped onto it at creation (quotes.details).
 */

const fact = <N extends string>(name: N, description: string, example: string) => ({
  name,
  description,
  example,
});

// prettier-ignore
export const QUOTE_FACTS = [
  fact('quote_type', 'STANDARD, ELA or LEGACY.', 'ELA'),
  fact('deal_type', 'NB, U, R, TU, S, E or C (spec §4 deal types).', 'NB'),
  fact('contract_length', 'Months, 1 to 60.', '36'),
  fact('sales_channel', 'DIRECT, T1 or T2.', 'T1'),
  fact('partner_type', 'AUTHORIZED, SELECT, PREMIER or MSP; empty on a direct deal.', 'PREMIER'),
  fact('region', "The opportunity's region: EMEA, North America, Americas, LATAM, APJ.", 'EMEA'),
  fact('currency_code', 'USD, EUR or GBP.', 'EUR'),
  fact('is_public_sector', 'The customer is a public body.', 'true'),
  fact('payment_term_days', 'Days to pay; undefined when the quote has no payment term.', '60'),
  fact('total', 'The net total in the quote currency, in major units (1234.5).', '250000'),
  fact('is_renewal', 'A renewal quote.', 'true'),
  fact('is_coterm', 'A co-term quote.', 'true'),
  fact('has_hardware', 'A hardware appliance is among the products.', 'true'),
  fact('contracting_entity_id', 'GMBH, INC or LTD (or what the CRM names).', 'GMBH'),
  fact('sla', 'The support level: 24/7, 12/5 or 8/5.', '24/7'),
  fact('account_id', "The customer account's CRM id.", '001C…'),
  fact('account_name', "The customer account's name.", 'Acme AG'),
] as const;

export type QuoteFactName = (typeof QUOTE_FACTS)[number]['name'];

const FACT_NAMES: ReadonlySet<string> = new Set(QUOTE_FACTS.map((f) => f.name));
export const isQuoteFactName = (name: string): name is QuoteFactName => FACT_NAMES.has(name);

/** The quote as the terms need it: its columns, its details JSON, and a fact from its lines. */
export interface TermsQuote {
  quote_number: string;
  quote_name: string;
  quote_type: string;
  deal_type: string;
  contract_length: number;
  sales_channel: string;
  partner_type: string | null;
  region: string;
  currency_code: string;
  total_amount_minor: number;
  is_renewal: boolean;
  is_coterm: boolean;
  account_id: string;
  account_name: string;
  /** quotes.details: `{opportunity: mapped fields, header: the form's answers}`. */
  details: unknown;
  has_hardware: boolean;
}

export interface TermsContextOptions {
  /** Display names of SLA values (the `slas` lookup), e.g. 12/5 → 12/5 business hours. */
  sla_labels?: Readonly<Record<string, string>>;
}

/** Governing law follows the contracting entity's seat (the entity keys of spec §9). */
export const GOVERNING_LAW_BY_ENTITY: Readonly<Record<string, string>> = {
  GMBH: 'the Federal Republic of Germany',
  INC: 'the State of Delaware, United States of America',
  LTD: 'England and Wales',
};

type Json = Readonly<Record<string, unknown>>;

const objectAt = (value: unknown, key: string): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const inner = (value as Json)[key];
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner)
    ? (inner as Json)
    : {};
};

const textAt = (record: Json, key: string): string => {
  const value = record[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
};

const numberAt = (record: Json, key: string): number | null => {
  const value = record[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
};

const present = (text: string): string | undefined => (text === '' ? undefined : text);

/** The quote's facts for rule conditions, and its values for placeholders. */
export function termsContextOf(
  quote: TermsQuote,
  options: TermsContextOptions = {},
): { facts: FormValues; values: PlaceholderValues } {
  const opportunity = objectAt(quote.details, 'opportunity');
  const header = objectAt(quote.details, 'header');

  const paymentTermDays = numberAt(opportunity, 'payment_term_days');
  const paymentTermName = textAt(opportunity, 'payment_term_name');
  // The header's SLA is what the user confirmed; the opportunity's when the form had none.
  const slaValue = textAt(header, 'sla') || textAt(opportunity, 'sla');
  const slaName =
    (textAt(header, 'sla') ? options.sla_labels?.[slaValue] : textAt(opportunity, 'sla_name')) ||
    slaValue;
  const entityId = textAt(opportunity, 'contracting_entity_id');
  const startIso = textAt(header, 'contract_start_date');
  const startDate =
    formatContractStartDate(startIso || null) ?? textAt(opportunity, 'contract_start_date');

  const facts: FormValues = {
    quote_type: quote.quote_type,
    deal_type: quote.deal_type,
    contract_length: quote.contract_length,
    sales_channel: quote.sales_channel,
    partner_type: quote.partner_type ?? undefined,
    region: quote.region,
    currency_code: quote.currency_code,
    is_public_sector: opportunity.is_public_sector === true,
    payment_term_days: paymentTermDays ?? undefined,
    total: quote.total_amount_minor / 100,
    is_renewal: quote.is_renewal,
    is_coterm: quote.is_coterm,
    has_hardware: quote.has_hardware,
    contracting_entity_id: present(entityId),
    sla: present(slaValue),
    account_id: quote.account_id,
    account_name: quote.account_name,
  };

  const values: PlaceholderValues = {
    customer_name:
      present(textAt(opportunity, 'account_legal_entity_name')) ??
      present(textAt(opportunity, 'end_customer_name')) ??
      present(quote.account_name.trim()),
    partner_name:
      quote.sales_channel === 'DIRECT'
        ? undefined
        : (present(textAt(opportunity, 'partner_legal_entity_name')) ??
          present(textAt(opportunity, 'reseller_name'))),
    quote_number: quote.quote_number,
    quote_name: quote.quote_name,
    contract_length: `${quote.contract_length} ${quote.contract_length === 1 ? 'month' : 'months'}`,
    contract_start_date: present(startDate),
    currency: quote.currency_code,
    payment_term:
      present(paymentTermName) ?? (paymentTermDays === null ? undefined : `Net ${paymentTermDays}`),
    payment_term_days: paymentTermDays === null ? undefined : String(paymentTermDays),
    sla: present(slaName),
    contracting_entity: present(textAt(opportunity, 'contracting_entity_name')),
    governing_law: GOVERNING_LAW_BY_ENTITY[entityId.toUpperCase()],
  };
  return { facts, values };
}

/**
 * The facts of a quote that approval rules may ask about (issue 7). The server computes them
 * from the quote, its priced lines, its terms and the partner exceptions; the rules only read them.
 */
import { DISCOUNT_NAMES } from '../pricing/discount-names.ts';

export type ApprovalFactType = 'number' | 'text' | 'boolean';

export interface ApprovalFactDefinition {
  name: string;
  label: string;
  type: ApprovalFactType;
  description: string;
  /** The values a text fact takes, for the admin's pickers; empty when open-ended. */
  values: readonly string[];
  /** Shown after a number: '%', 'months', 'days', 'USD'. */
  unit: string;
  /** A yes/no fact as a sentence about the quote, for the reasons approvers read. */
  sentences?: { yes: string; no: string };
}

export const APPROVAL_FACTS = [
  {
    // The key of issue 7, kept: existing rules name it.
    name: 'max_line_discount_percent',
    label: `Largest ${DISCOUNT_NAMES.effective.toLowerCase()}`,
    type: 'number',
    description:
      'The deepest discount of any line from its list price: volume, term, partner and seller discounts together.',
    values: [],
    unit: '%',
  },
  {
    name: 'max_seller_discount_percent',
    label: `Largest ${DISCOUNT_NAMES.seller.toLowerCase()}`,
    type: 'number',
    description:
      'The deepest discount a seller gave any line beyond standard pricing — price book, volume schedule, term and partner discounts (a unit list price typed below the catalogue’s counts).',
    values: [],
    unit: '%',
  },
  {
    // Issue 35: the whole quote's discount beyond standard pricing.
    name: 'discount_beyond_standard_percent',
    label: 'Discount beyond standard pricing',
    type: 'number',
    description:
      'How far the net total is below what standard pricing gives (price book, volume schedule, term and partner discounts): the sellers’ discounts of every line over the net they would have had without them.',
    values: [],
    unit: '%',
  },
  {
    name: 'total_discount_percent',
    label: 'Total discount',
    type: 'number',
    description: 'How far the net total is below the list total.',
    values: [],
    unit: '%',
  },
  {
    name: 'net_total_usd',
    label: 'Net total (USD)',
    type: 'number',
    description: 'The net total of the quote converted to US dollars.',
    values: [],
    unit: 'USD',
  },
  {
    name: 'margin_percent',
    label: 'Margin',
    type: 'number',
    description: 'Margin of the whole quote from the margin data; absent when not computable.',
    values: [],
    unit: '%',
  },
  {
    name: 'min_renewal_uplift_percent',
    label: 'Smallest renewal uplift',
    type: 'number',
    description:
      'The lowest uplift on a renewed contract line; absent when the quote renews nothing.',
    values: [],
    unit: '%',
  },
  {
    name: 'deal_type',
    label: 'Deal type',
    type: 'text',
    description: 'NB, U, R, TU, S, E or C.',
    values: ['NB', 'U', 'R', 'TU', 'S', 'E', 'C'],
    unit: '',
  },
  {
    name: 'quote_type',
    label: 'Quote type',
    type: 'text',
    description: 'STANDARD or ELA.',
    values: ['STANDARD', 'ELA'],
    unit: '',
  },
  {
    name: 'region',
    label: 'Region',
    type: 'text',
    description: "The opportunity's region.",
    values: ['EMEA', 'North America', 'Americas', 'LATAM', 'APJ'],
    unit: '',
  },
  {
    name: 'sales_channel',
    label: 'Sales channel',
    type: 'text',
    description: 'DIRECT, T1 or T2.',
    values: ['DIRECT', 'T1', 'T2'],
    unit: '',
  },
  {
    name: 'partner_type',
    label: 'Partner type',
    type: 'text',
    description: 'Empty on a direct deal.',
    values: ['AUTHORIZED', 'SELECT', 'PREMIER', 'MSP'],
    unit: '',
  },
  {
    name: 'payment_term_days',
    label: 'Payment term',
    type: 'number',
    description: 'Days to pay; absent when the quote has no payment term.',
    values: [],
    unit: 'days',
  },
  {
    name: 'contract_length',
    label: 'Contract length',
    type: 'number',
    description: 'Months.',
    values: [],
    unit: 'months',
  },
  {
    name: 'has_approval_sku',
    label: 'Approval SKU on the quote',
    type: 'boolean',
    description: 'A product listed under approval SKUs is on the quote.',
    values: [],
    unit: '',
    sentences: {
      yes: 'A product listed under approval SKUs is on the quote.',
      no: 'No product listed under approval SKUs is on the quote.',
    },
  },
  {
    name: 'has_custom_clause',
    label: 'Custom clause',
    type: 'boolean',
    description: 'The terms include a clause with text of the user’s own.',
    values: [],
    unit: '',
    sentences: {
      yes: 'The terms include a clause with text of the user’s own.',
      no: 'The terms include no clause with text of the user’s own.',
    },
  },
  {
    name: 'has_partner_exception',
    label: 'Partner exception',
    type: 'boolean',
    description: 'The partner has an active exception on the quote’s price date.',
    values: [],
    unit: '',
    sentences: {
      yes: 'The partner has an active exception on the quote’s price date.',
      no: 'The partner has no active exception on the quote’s price date.',
    },
  },
] as const satisfies readonly ApprovalFactDefinition[];

export type ApprovalFactName = (typeof APPROVAL_FACTS)[number]['name'];

/** A value is absent (undefined) when the quote does not have it, e.g. no margin data. */
export type ApprovalFacts = {
  [K in ApprovalFactName]?: number | string | boolean;
};

const FACTS_BY_NAME: ReadonlyMap<string, ApprovalFactDefinition> = new Map(
  APPROVAL_FACTS.map((fact) => [fact.name, fact]),
);

export const approvalFact = (name: string): ApprovalFactDefinition | undefined =>
  FACTS_BY_NAME.get(name);

/**
 * What the pricing engine reads and returns (docs/pricing.md). Money is integer minor units
 * (cents) in a safe-integer `number`; percentages and rates are decimal text on the way in and
 * basis points (`…_bp`, hundredths of a percent) on the way out.
 */
import type { QuoteType } from '../quotes/quote-types.ts';
import type { SalesChannel } from '../quotes/sales-channel.ts';
import type { Proration } from '../renewals/proration.ts';
import type {
  PercentOfTotalCover,
  PricingMethodName,
  ScheduleAggregate,
  ScheduleType,
} from './methods.ts';
import type { ProductKind } from './product-kinds.ts';

/** ONE_TIME: the price of a unit. ANNUAL: the price of a unit for 12 months, prorated by month. */
export const BILLING_TYPES = ['ONE_TIME', 'ANNUAL'] as const;
export type Billing = (typeof BILLING_TYPES)[number];

/** The quote types the engine prices; LEGACY quotes are refused. */
export const PRICED_QUOTE_TYPES = ['STANDARD', 'ELA'] as const;
export type PricedQuoteType = (typeof PRICED_QUOTE_TYPES)[number];

export type PartnerChannel = Exclude<SalesChannel, 'DIRECT'>;

/** One row of the partner discount table: a channel, a partner type and a product kind. */
export interface PartnerDiscount {
  sales_channel: PartnerChannel;
  partner_type: string;
  product_kind: ProductKind;
  /** "0"…"100", at most 2 decimals. */
  percent: string;
}

export interface CatalogPrice {
  currency_code: string;
  /** A whole number of minor units, 0 or more. */
  unit_price_minor: number;
  /** 'YYYY-MM-DD', the first day the price is in effect. */
  effective_from: string;
  /** 'YYYY-MM-DD', the first day it no longer is (exclusive); null = open-ended. */
  effective_to: string | null;
}

export interface VolumeTier {
  /** The tier applies from this quantity of the line in a year (inclusive). */
  min_quantity: number;
  /** "0"…"100", at most 2 decimals. */
  percent: string;
}

export interface CatalogSku {
  sku: string;
  name: string;
  kind: ProductKind;
  active: boolean;
  billing: Billing;
  prices: CatalogPrice[];
  volume_tiers: VolumeTier[];
  /** USD cents per unit (per 12 months for ANNUAL); null = cost unknown, no margin. */
  unit_cost_usd_minor: number | null;
  /** Cost in contract year n = cost × factor[n-1] %; none = 100 %, a short list repeats its last. */
  cost_year_factors_percent?: string[];
  /** Issue 35: the SKU's family, which family schedules and percent-of-total covers read. */
  family?: string | null;
  /** Issue 35: the SKU's `model` attribute (e.g. BX-200F), which MODEL covers read. */
  model?: string | null;
  /** Issue 35: the pricing method in effect on the price date; absent or null: LIST. */
  pricing_method?: CatalogPricingMethod | null;
  /** Issue 35: the shared discount schedule the SKU follows instead of its own volume_tiers. */
  discount_schedule?: CatalogDiscountSchedule | null;
}

/** Issue 35: how a SKU's unit list price is worked out beyond its price row (methods.ts). */
export type CatalogPricingMethod =
  | { method: 'LIST' }
  | {
      method: 'PERCENT_OF_TOTAL';
      /** "0"…"1000", at most 2 decimals: the share of the covered lines' net unit price. */
      percent: string;
      covers: PercentOfTotalCover;
      /** The lowest and highest unit list it may come to, quote currency, minor units. */
      floor_minor?: number | null;
      ceiling_minor?: number | null;
    }
  | {
      method: 'BLOCK';
      /** Quote currency: one flat price for any quantity in a band (per 12 months if ANNUAL). */
      blocks: PriceBlock[];
    }
  | {
      method: 'COST_PLUS';
      /** "0"…"1000", at most 2 decimals: the markup on the SKU's cost (unit_cost_usd_minor). */
      markup_percent: string;
    };

export interface PriceBlock {
  min_quantity: number;
  /** Null: no upper bound. */
  max_quantity: number | null;
  /** Whole minor units, 0 or more. */
  price_minor: number;
}

/** Issue 35: a discount schedule shared by SKUs: range or slab, per SKU or per family. */
export interface CatalogDiscountSchedule {
  id: string;
  type: ScheduleType;
  aggregate: ScheduleAggregate;
  /** Count the customer's installed base of the SKU (PricingInput.installed_base) first. */
  include_installed_base?: boolean;
  tiers: VolumeTier[];
}

/** Issue 35: a kind's discount from a contract length on; the highest length reached applies. */
export interface TermDiscount {
  product_kind: ProductKind;
  min_months: number;
  /** "0"…"100", at most 2 decimals. */
  percent: string;
}

export interface PricingLine {
  line_id: string;
  sku: string;
  /** STANDARD: exactly [quantity]. ELA: one per contract year; years beyond the contract 0. */
  quantities: number[];
  /** "0"…"100", at most 2 decimals; absent, null or '' = no manual discount. */
  manual_discount_percent?: string | null;
  /** The BUNDLE line this line is a component of. */
  parent_line_id?: string | null;
  /**
   * Issue 18: priced from a contract instead of the catalogue (a renewal, a true-up, a contract
   * extended by a co-term). The unit price is the contract's unit net price raised by the uplift
   * (rounded once to the cent); the price adjustment, volume and partner discounts, already in
   * that price, are not applied again; a manual discount still is.
   */
  contract_price?: ContractPrice | null;
  /**
   * Issue 18: the line runs only this period (co-term, true-up), both days included: an ANNUAL
   * line's list amount is its yearly price prorated by days (renewals/proration.ts) instead of
   * by the quote's months; a ONE_TIME line is not prorated. STANDARD quotes only.
   */
  period?: { start: string; end: string } | null;
  /**
   * Issue 19: the unit list price the quoter typed (app setting price_adjustment on), quote
   * currency, minor units, per 12 months for ANNUAL like the catalogue's; absent or null = the
   * catalogue's. The list stays the catalogue's: the difference, over the line's quantity and
   * term, is the line's PRICE_ADJUSTMENT step, and the discounts apply after it. Refused on a
   * BUNDLE line and on a contract-priced line.
   */
  adjusted_unit_list_minor?: number | null;
}

export interface ContractPrice {
  /** The entitlement's net price of one unit (per 12 months for ANNUAL), minor units, ≥ 0. */
  unit_net_minor: number;
  /** "-100"…"100", at most 2 decimals; absent, null or '' = 0. */
  uplift_percent?: string | null;
}

export interface PricingInput {
  /** The quote currency, e.g. 'USD', 'EUR'. */
  currency_code: string;
  /** 'YYYY-MM-DD': the list price in effect on this day is used. */
  price_date: string;
  /** LEGACY is accepted here only so that it can be refused with a message. */
  quote_type: QuoteType;
  /** Months: STANDARD 1…60, ELA 12…60. */
  contract_length: number;
  sales_channel: SalesChannel;
  /** Null for DIRECT; a channel deal without one counts as AUTHORIZED. */
  partner_type: string | null;
  /**
   * "-50"…"50": an uplift (or cut) of every catalogue-priced list price, on lines without an
   * adjusted unit list price. Issue 19 made the price_adjustment app setting a switch for
   * adjusted unit list prices, so the server always sends "0" (decision in docs/decisions).
   */
  price_adjustment_percent: string;
  /** Units of a currency per 1 USD, up to 6 decimals; must hold the quote currency unless USD. */
  usd_rates: Record<string, string>;
  partner_discounts: PartnerDiscount[];
  /** Issue 35: term discounts by product kind; absent: none. */
  term_discounts?: TermDiscount[];
  /** Issue 35: units of each SKU the customer already holds, for schedules that count them. */
  installed_base?: Record<string, number>;
  /**
   * Issue 35: the price book whose entries the catalogue's prices hold (the server resolves it),
   * and what the seller must be told about the book or the rate; the result carries both back.
   */
  price_book?: PriceBookRef | null;
  notices?: string[];
  lines: PricingLine[];
  /** By SKU code: the SKUs the lines use. */
  catalog: Record<string, CatalogSku>;
}

export const WATERFALL_STEPS = [
  'LIST',
  'PRICE_ADJUSTMENT',
  'VOLUME',
  'TERM',
  'PARTNER',
  'MANUAL',
  'NET',
] as const;
export type WaterfallStepName = (typeof WATERFALL_STEPS)[number];

export interface WaterfallStep {
  step: WaterfallStepName;
  /**
   * The rate applied: the adjustment as set (may be negative), a discount as a positive rate;
   * null on LIST and NET, and on PRICE_ADJUSTMENT when the line has an adjusted unit list price
   * (an amount was typed, not a rate).
   */
  percent_bp: number | null;
  /** The change this step made (negative for a discount); LIST: the list amount; NET: net − list. */
  amount_minor: number;
  /** The running amount after this step. */
  subtotal_minor: number;
}

export interface LineYearResult {
  year: number;
  quantity: number;
  /** Months of the contract in this year (STANDARD: the whole contract length). */
  months: number;
  list_minor: number;
  net_minor: number;
  /** Null when the SKU's cost is unknown and the quantity is above 0. */
  cost_minor: number | null;
  /**
   * Issue 35, what the steps read beyond the amounts (kept here, not on each step: a 1,000-line
   * five-year ELA makes 35,000 steps): the unit price LIST multiplied by the quantity (a block
   * line's: its band's price), and the quote's units VOLUME's schedule read (installed base
   * included). The contract months TERM read are the years' months together.
   */
  unit_minor: number;
  volume_quantity: number;
  /** The seven steps, LIST to NET; empty on a BUNDLE line, which has no price of its own. */
  waterfall: WaterfallStep[];
}

/** Money figures summed over lines: list + adjustment − discount = net. */
export interface AmountSummary {
  list_minor: number;
  /** The price adjustment (an adjusted unit list price) in money: positive for an uplift. */
  adjustment_minor: number;
  /** Volume, term, partner and manual discounts together, as a positive amount. */
  discount_minor: number;
  net_minor: number;
  /** Null when the cost of any line with a quantity is unknown. */
  cost_minor: number | null;
  margin_minor: number | null;
  /**
   * margin / net in basis points, rounded half away from zero; null unless net > 0, and null
   * when it is beyond a safe integer (a net of cents against a large cost).
   */
  margin_percent_bp: number | null;
}

export interface LineResult extends AmountSummary {
  line_id: string;
  sku: string;
  name: string;
  kind: ProductKind;
  /** The catalog price in effect (quote currency, before the adjustment); 0 on a BUNDLE line. */
  unit_list_price_minor: number;
  /** Issue 19: the unit list price typed for this line, as given; null = the catalogue's. */
  adjusted_unit_list_minor: number | null;
  years: LineYearResult[];
  /**
   * The effective discount (discount-names.ts): discount / (list + adjustment) in basis points,
   * volume, partner and manual together; 0 when that is 0.
   */
  effective_discount_percent_bp: number;
  /**
   * The seller discount (discount-names.ts): the manual discount typed, beyond standard pricing
   * (volume and partner), in basis points; 0 on a BUNDLE line.
   */
  seller_discount_percent_bp: number;
  /** The manual discount over the contract in money, as a positive amount; 0 on a BUNDLE line. */
  seller_discount_minor: number;
  is_bundle: boolean;
  parent_line_id: string | null;
  /** On a BUNDLE line: its components summed (already counted on their own lines); else null. */
  rollup: AmountSummary | null;
  /** A contract-priced line (issue 18): the prior price, the uplift and the unit price used. */
  contract_price: ContractPriceResult | null;
  /** A line with a period: how its list amount was prorated, segment by segment; else null. */
  proration: Proration | null;
  /** Issue 35: how the unit list price was worked out, when not from the price row; else null. */
  pricing_method: PricingMethodResult | null;
  /** Issue 35: the kind of schedule the VOLUME step followed. */
  volume_schedule: ScheduleType;
}

/**
 * Issue 35: PERCENT_OF_TOTAL: percent_bp of base_unit_minor (the covered lines' net per unit, per
 * 12 months for ANNUAL ones) over covered_units units, `bound` naming a floor or ceiling that
 * applied, or NO_COVERED_LINE when the quote covers nothing and the price row priced it.
 * BLOCK: the band of the first year with a quantity. COST_PLUS: percent_bp markup on
 * base_unit_minor, the unit cost in the quote currency.
 */
export interface PricingMethodResult {
  method: Exclude<PricingMethodName, 'LIST'>;
  percent_bp: number | null;
  base_unit_minor: number | null;
  covered_units: number | null;
  bound: 'FLOOR' | 'CEILING' | 'NO_COVERED_LINE' | null;
  block: PriceBlock | null;
}

export interface ContractPriceResult {
  prior_unit_net_minor: number;
  uplift_bp: number;
  /** prior × (1 + uplift), rounded to the cent: the unit price the line is priced at. */
  renewal_unit_minor: number;
  /** The catalogue's current list price of the SKU (quote currency), for comparison. */
  current_unit_list_minor: number;
}

export interface YearTotals {
  year: number;
  list_minor: number;
  net_minor: number;
}

export interface QuoteTotals extends AmountSummary {
  per_year: YearTotals[];
}

/** Issue 35: a price book, as a quote names it. */
export interface PriceBookRef {
  id: string;
  name: string;
}

export interface PricingResult {
  currency_code: string;
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  price_book: PriceBookRef | null;
  /** Issue 35: what changed under the quote since it was priced (its book, its rate). */
  notices: string[];
  /** Contract years priced: STANDARD 1, ELA ceil(contract_length / 12). */
  years: number;
  lines: LineResult[];
  totals: QuoteTotals;
  /** totals.net_minor in USD (at usd_rates, rounded), for approval thresholds. */
  net_usd_minor: number;
}

/** One thing wrong with the input, worded for the person who can fix it. */
export interface PricingError {
  line_id?: string;
  /** The input field at fault: 'contract_length', 'quantities', 'sku', 'usd_rates'… */
  field: string;
  message: string;
}

export type PricingOutcome =
  { ok: true; result: PricingResult } | { ok: false; errors: PricingError[] };

/** A pricing input as preparePricing (validate.ts) reads it: the integers the engine works with. */
import type { PreparedMethod, PreparedSchedule } from './prepare-methods.ts';
import type { Billing, PricedQuoteType, PricingError } from './model.ts';
import type { ProductKind } from './product-kinds.ts';

/** A SKU as the engine needs it for this quote: its price, tiers, discount and cost weights. */
export interface PreparedSku {
  sku: string;
  name: string;
  kind: ProductKind;
  billing: Billing;
  isBundle: boolean;
  /** The price in effect on the price date, quote currency; 0 for a bundle. */
  unitPriceMinor: number;
  /** Highest min_quantity first, so the first tier at or below a quantity is the one. */
  tiers: { minQuantity: number; bp: number }[];
  /** Issue 35: the family and `model` attribute, which percent-of-total covers read. */
  family: string | null;
  model: string | null;
  /** Issue 35: how the unit list is worked out (LIST: unitPriceMinor). */
  method: PreparedMethod;
  /** Issue 35: the schedule the volume discount follows (its own tiers: RANGE, per SKU). */
  schedule: PreparedSchedule;
  /** Issue 35: this quote's term discount for the SKU's kind. */
  termBp: number;
  /** This quote's partner discount for the SKU's kind; 0 on DIRECT or when none is set. */
  partnerBp: number;
  /**
   * Per priced year, the exact cost of one unit in the quote currency, scaled by COST_SCALE:
   * USD cost × months (ANNUAL) or 12 (ONE_TIME) × factor bp × rate micro-units. Null when the
   * cost is unknown. A year's cost is then one rounding: quantity × this / COST_SCALE.
   */
  unitCostScaled: bigint[] | null;
  /**
   * The cost of one unit for 12 months at the first year's factor, scaled by COST_SCALE as
   * above; null when unknown. A prorated line's cost is this, prorated by its days.
   */
  unitTermCostScaled: bigint | null;
}

/** A line priced from a contract (issue 18) rather than from the catalogue. */
export interface PreparedContractPrice {
  priorUnitNetMinor: number;
  upliftBp: number;
  /** prior × (1 + uplift), rounded once half away from zero: the line's unit price. */
  unitMinor: number;
}

/** The days a line runs, both included (ISO dates); only on STANDARD quotes. */
export interface PreparedPeriod {
  start: string;
  end: string;
}

export interface PreparedLine {
  lineId: string;
  parentLineId: string | null;
  sku: PreparedSku;
  /** One per priced year. */
  quantities: number[];
  manualBp: number;
  /** Null: priced from the catalogue. */
  contract: PreparedContractPrice | null;
  /** Null: the line runs the quote's months. */
  period: PreparedPeriod | null;
  /** Issue 19: the unit list price typed for the line; null: the catalogue's. */
  adjustedUnitMinor: number | null;
}

export interface PreparedQuote {
  currencyCode: string;
  quoteType: PricedQuoteType;
  /** Priced years: STANDARD 1, ELA one per 12 months begun. */
  years: number;
  /** Months of each priced year (STANDARD: the contract length). */
  monthsByYear: number[];
  adjustmentBp: number;
  /** Units of the quote currency per 1 USD, in millionths (1,000,000 for USD). */
  rateMicro: number;
  /** Contract length in months (the term discounts read it). */
  contractLength: number;
  /** Issue 35: the customer's units of each SKU already installed. */
  installedBase: ReadonlyMap<string, number>;
  lines: PreparedLine[];
}

export type Prepared = { ok: true; quote: PreparedQuote } | { ok: false; errors: PricingError[] };

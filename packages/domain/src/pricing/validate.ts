// Kept whole: one reader of a pricing input, every check of docs/pricing.md "Bad input" in one pass.
/**
 * Checks a pricing input and reads it into the integers the engine works with (docs/pricing.md,
 * "Bad input"). Every problem is collected, not only the first, each worded for the person who
 * can fix it and tied to a line where it has one. Catalog data is read once per SKU, however many
 * lines use it.
 */
import { isValidCalendarDate } from '../format/date-time.ts';
import { MAX_CONTRACT_YEARS } from '../validation/contract-years.ts';
import { partnerTypeFor, SALES_CHANNELS, type SalesChannel } from '../quotes/sales-channel.ts';
import { daysInclusive, dayNumber, type ProrationProblem } from '../renewals/proration.ts';
import {
  BP_PER_PERCENT,
  BP_PER_WHOLE,
  MICRO_PER_UNIT,
  multiplyRatio,
  parsePercentBp,
  parseRateMicro,
  type DecimalProblem,
} from './decimal.ts';
import {
  BILLING_TYPES,
  PRICED_QUOTE_TYPES,
  PRODUCT_KINDS,
  type Billing,
  type CatalogSku,
  type ContractPrice,
  type PricedQuoteType,
  type PricingError,
  type PricingInput,
  type PricingLine,
  type ProductKind,
} from './model.ts';
import {
  METHOD_MESSAGES,
  readInstalledBase,
  readPricingMethod,
  readSchedule,
  readTermDiscounts,
  type PreparedMethod,
  type PreparedSchedule,
} from './prepare-methods.ts';

export const MONTHS_PER_YEAR = 12;
export const MAX_CONTRACT_MONTHS = MAX_CONTRACT_YEARS * MONTHS_PER_YEAR;
export const MIN_CONTRACT_MONTHS = { STANDARD: 1, ELA: 12 } as const satisfies Record<
  PricedQuoteType,
  number
>;
/** As for shipping counts: a quantity this size keeps every sum exact. */
export const MAX_QUANTITY = 1_000_000_000;
/** The price adjustment setting may move list prices by at most this much either way. */
export const MAX_PRICE_ADJUSTMENT_BP = 50 * BP_PER_PERCENT;
export const MAX_DISCOUNT_BP = 100 * BP_PER_PERCENT;
/** A cost year factor may raise the cost as well as depreciate it, up to ten-fold. */
export const MAX_COST_FACTOR_BP = 1000 * BP_PER_PERCENT;
export const DEFAULT_COST_FACTOR_BP = 100 * BP_PER_PERCENT;
/**
 * The highest unit list price a quoter may type (issue 19): 1,000,000,000.00 a unit, far above
 * any product, so that a slip of the keyboard is caught before it prices a line.
 */
export const MAX_ADJUSTED_UNIT_LIST_MINOR = 100_000_000_000;
/** A renewal may raise a contract's price by up to 100 % or cut it to nothing. */
export const MAX_UPLIFT_BP = 100 * BP_PER_PERCENT;
/** A prorated period may run up to five years, each with a 29 February. */
export const MAX_PERIOD_DAYS = MAX_CONTRACT_YEARS * 366;
/** Months in a year × basis points in 100 % × micro-units in a rate. */
export const COST_SCALE = BigInt(MONTHS_PER_YEAR * BP_PER_WHOLE * MICRO_PER_UNIT);

const percentText = (bp: number) => `${bp / BP_PER_PERCENT}`;

/** Every message the engine gives, in one place. */
export const PRICING_MESSAGES = {
  legacyQuote: 'LEGACY quotes are not priced.',
  quoteType: 'Quote type must be STANDARD or ELA.',
  currencyCode: 'Currency must be a three-letter code such as USD.',
  priceDate: 'Price date must be a date in the form YYYY-MM-DD.',
  salesChannel: 'Sales channel must be DIRECT, T1 or T2.',
  contractLength: (quoteType: PricedQuoteType) =>
    `Contract length must be a whole number of months from ${MIN_CONTRACT_MONTHS[quoteType]} to ${MAX_CONTRACT_MONTHS}${quoteType === 'ELA' ? ' for an ELA' : ''}.`,
  priceAdjustmentRange: `Price adjustment must be between -${percentText(MAX_PRICE_ADJUSTMENT_BP)} and ${percentText(MAX_PRICE_ADJUSTMENT_BP)} %.`,
  priceAdjustmentDecimals: 'Price adjustment can have at most 2 decimals.',
  missingRate: (currency: string) => `There is no exchange rate from USD to ${currency}.`,
  badRate: (currency: string) =>
    `The exchange rate for ${currency} must be a number above 0 with at most 6 decimals.`,
  partnerDiscount: (channel: string, partnerType: string, kind: string) =>
    `The ${channel} ${partnerType} partner discount for ${kind} must be a percentage from 0 to 100 with at most 2 decimals.`,
  partnerDiscountTwice: (channel: string, partnerType: string, kind: string) =>
    `The ${channel} ${partnerType} partner discount for ${kind} is set more than once.`,

  lineId: 'Every line needs an id.',
  lineIdTwice: (lineId: string) => `Line id ${lineId} is used by more than one line.`,
  quantity: 'Quantity must be a whole number of 0 or more.',
  quantityTooLarge: `Quantity can be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`,
  standardQuantities: 'A STANDARD quote has exactly one quantity per line.',
  quantityBeyondContract: (months: number, years: number, year: number) =>
    `A ${months}-month contract has ${years} year${years === 1 ? '' : 's'}: the quantity for year ${year} must be 0.`,
  discountRange: 'Discount must be between 0 and 100 %.',
  discountDecimals: 'Discount can have at most 2 decimals.',
  discountFormat: 'Discount must be a number such as 12.5.',
  bundleDiscount: 'A bundle has no price of its own: discount its components instead.',
  parentMissing: (parentId: string) => `This line's bundle (line ${parentId}) is not in the quote.`,
  parentNotBundle: (parentId: string) =>
    `Line ${parentId} is not a bundle, so it cannot hold other lines.`,
  nestedBundle: 'A bundle cannot be part of another bundle.',
  contractUnitNet: 'The contract unit price must be a whole number of cents, 0 or more.',
  upliftRange: `Uplift must be between -${percentText(MAX_UPLIFT_BP)} and ${percentText(MAX_UPLIFT_BP)} %.`,
  upliftDecimals: 'Uplift can have at most 2 decimals.',
  upliftFormat: 'Uplift must be a number such as 5 or -2.5.',
  contractBundle: 'A bundle has no price of its own, so it cannot be priced from a contract.',
  adjustedUnitList: `Unit list price must be a whole number of cents, from 0.00 to ${(MAX_ADJUSTED_UNIT_LIST_MINOR / 100).toLocaleString('en-US')}.00.`,
  adjustedUnitListBundle:
    'A bundle has no price of its own: adjust the unit list price of its components instead.',
  adjustedUnitListContract:
    'This line is priced from its contract: its unit list price cannot be adjusted (change the uplift instead).',
  contractComponent: 'A bundle component cannot be priced from a contract.',
  periodOnStandard: 'Prorated periods are for STANDARD quotes.',
  // The proration's own wording (renewals/proration.ts), so a date reads the same everywhere.
  periodStart: 'Enter the start date as a real calendar date.' satisfies ProrationProblem,
  periodEnd: 'Enter the end date as a real calendar date.' satisfies ProrationProblem,
  periodOrder: 'The end date is before the start date.' satisfies ProrationProblem,
  periodTooLong: `A period can be at most ${MAX_PERIOD_DAYS.toLocaleString('en-US')} days (${MAX_CONTRACT_YEARS} years) long.`,
  lineTooLarge: 'The amounts of this line are too large to price.',
  quoteTooLarge: 'The quote total is too large to price.',

  unknownSku: (sku: string) => `SKU ${sku} is not in the catalog.`,
  inactiveSku: (sku: string) => `SKU ${sku} is no longer sold.`,
  badSkuKind: (sku: string) => `SKU ${sku} has an unknown product kind.`,
  badSkuBilling: (sku: string) => `SKU ${sku} has an unknown billing type.`,
  notSoldIn: (sku: string, currency: string) => `SKU ${sku} is not sold in ${currency}.`,
  noPriceOn: (sku: string, currency: string, date: string) =>
    `SKU ${sku} has no ${currency} price on ${date}.`,
  overlappingPrices: (sku: string, currency: string, date: string) =>
    `SKU ${sku} has overlapping ${currency} prices from ${date}.`,
  badPriceDates: (sku: string, currency: string) =>
    `SKU ${sku} has a ${currency} price whose dates are not valid (YYYY-MM-DD, ending after it starts).`,
  fractionalPrice: (sku: string, currency: string) =>
    `SKU ${sku} has a ${currency} price that is not a whole number of cents, 0 or more.`,
  badTierQuantity: (sku: string) =>
    `SKU ${sku} has a volume tier whose minimum quantity is not a whole number of 0 or more.`,
  badTierPercent: (sku: string) =>
    `SKU ${sku} has a volume tier discount that is not a percentage from 0 to 100 with at most 2 decimals.`,
  duplicateTier: (sku: string, quantity: number) =>
    `SKU ${sku} has more than one volume tier from ${quantity} units.`,
  badCost: (sku: string) => `SKU ${sku} has a cost that is not a whole number of cents, 0 or more.`,
  badCostFactor: (sku: string, year: number) =>
    `SKU ${sku} has a cost factor for year ${year} that is not a percentage from 0 to ${percentText(MAX_COST_FACTOR_BP)} with at most 2 decimals.`,
  // Issue 35: pricing methods, discount schedules, term discounts (prepare-methods.ts).
  ...METHOD_MESSAGES,
} as const;
const M = PRICING_MESSAGES;

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

const CURRENCY_CODE = /^[A-Z]{3}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [, year, month, day] = match;
  return isValidCalendarDate(Number(year), Number(month), Number(day));
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

const isWholeNumber = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;

/** A percentage within [minBp, maxBp], or null. */
function percentWithin(text: unknown, minBp: number, maxBp: number): number | null {
  const parsed = parsePercentBp(text);
  return parsed.ok && parsed.value >= minBp && parsed.value <= maxBp ? parsed.value : null;
}

/**
 * Months in each 12-month slice of the contract: 42 → [12, 12, 12, 6]. ELA prices each slice as a
 * year; STANDARD prices the whole at once but still weighs cost factors by slice.
 */
export function contractYearMonths(contractLength: number): number[] {
  const years = Math.ceil(contractLength / MONTHS_PER_YEAR);
  return Array.from({ length: years }, (_, index) =>
    Math.min(MONTHS_PER_YEAR, contractLength - MONTHS_PER_YEAR * index),
  );
}

interface QuoteTerms {
  quoteType: PricedQuoteType | null;
  /** Null when the quote type or contract length is wrong, so years cannot be counted. */
  sliceMonths: number[] | null;
  monthsByYear: number[] | null;
}

function readTerms(input: PricingInput, errors: PricingError[]): QuoteTerms {
  const rawType: unknown = input.quote_type;
  let quoteType: PricedQuoteType | null = null;
  if (isOneOf(PRICED_QUOTE_TYPES, rawType)) quoteType = rawType;
  else if (rawType === 'LEGACY') errors.push({ field: 'quote_type', message: M.legacyQuote });
  else errors.push({ field: 'quote_type', message: M.quoteType });
  if (quoteType === null) return { quoteType, sliceMonths: null, monthsByYear: null };

  const length: unknown = input.contract_length;
  if (
    !Number.isSafeInteger(length) ||
    (length as number) < MIN_CONTRACT_MONTHS[quoteType] ||
    (length as number) > MAX_CONTRACT_MONTHS
  ) {
    errors.push({ field: 'contract_length', message: M.contractLength(quoteType) });
    return { quoteType, sliceMonths: null, monthsByYear: null };
  }
  const sliceMonths = contractYearMonths(length as number);
  const monthsByYear = quoteType === 'ELA' ? sliceMonths : [length as number];
  return { quoteType, sliceMonths, monthsByYear };
}

function readRateMicro(currency: string, rates: unknown, errors: PricingError[]): number {
  // USD is 1 by definition, whatever the table says.
  if (currency === 'USD') return MICRO_PER_UNIT;
  const table = (typeof rates === 'object' && rates !== null ? rates : {}) as Record<
    string,
    unknown
  >;
  if (!Object.hasOwn(table, currency) || table[currency] == null || table[currency] === '') {
    errors.push({ field: 'usd_rates', message: M.missingRate(currency) });
    return 0;
  }
  const parsed = parseRateMicro(table[currency]);
  if (!parsed.ok) {
    errors.push({ field: 'usd_rates', message: M.badRate(currency) });
    return 0;
  }
  return parsed.value;
}

function readAdjustmentBp(text: unknown, errors: PricingError[]): number {
  const parsed = parsePercentBp(text);
  if (parsed.ok && Math.abs(parsed.value) <= MAX_PRICE_ADJUSTMENT_BP) return parsed.value;
  const message =
    !parsed.ok && parsed.problem === 'DECIMALS'
      ? M.priceAdjustmentDecimals
      : M.priceAdjustmentRange;
  errors.push({ field: 'price_adjustment_percent', message });
  return 0;
}

const normalizePartnerType = (value: string | null | undefined) =>
  typeof value === 'string' ? value.trim().toUpperCase() : '';

/**
 * This quote's partner discount per product kind. Only rows for the quote's channel and partner
 * type are read (a broken row for another partner type does not stop this quote); two such rows
 * for one kind are an error, since which one applies would be a guess.
 */
function readPartnerDiscounts(
  input: PricingInput,
  channel: SalesChannel,
  errors: PricingError[],
): Map<ProductKind, number> {
  const byKind = new Map<ProductKind, number>();
  if (channel === 'DIRECT') return byKind;
  const partnerType = normalizePartnerType(partnerTypeFor(channel, input.partner_type));
  const rows: unknown = input.partner_discounts;
  for (const row of Array.isArray(rows) ? (rows as PricingInput['partner_discounts']) : []) {
    if (row.sales_channel !== channel || normalizePartnerType(row.partner_type) !== partnerType) {
      continue;
    }
    const bp = percentWithin(row.percent, 0, MAX_DISCOUNT_BP);
    if (bp === null) {
      const message = M.partnerDiscount(channel, partnerType, String(row.product_kind));
      errors.push({ field: 'partner_discounts', message });
    } else if (byKind.has(row.product_kind)) {
      const message = M.partnerDiscountTwice(channel, partnerType, row.product_kind);
      errors.push({ field: 'partner_discounts', message });
    } else {
      byKind.set(row.product_kind, bp);
    }
  }
  return byKind;
}

interface SkuContext {
  currency: string;
  priceDate: string;
  /** Null when the contract is unreadable: cost weights are then not needed. */
  sliceMonths: number[] | null;
  quoteType: PricedQuoteType | null;
  partnerBpByKind: Map<ProductKind, number>;
  termBpByKind: Map<ProductKind, number>;
  rateMicro: number;
}

type SkuReading = { ok: true; sku: PreparedSku } | { ok: false; messages: string[] };

/** The row in effect on the price date, after checking every row of the quote currency. */
function readUnitPrice(
  code: string,
  entry: CatalogSku,
  context: SkuContext,
  messages: string[],
): number {
  const { currency, priceDate } = context;
  const prices: unknown = entry.prices;
  const rows = (Array.isArray(prices) ? (prices as CatalogSku['prices']) : []).filter(
    (row) => row.currency_code === currency,
  );
  if (rows.length === 0) {
    messages.push(M.notSoldIn(code, currency));
    return 0;
  }
  const hasValidDates = (row: CatalogSku['prices'][number]) =>
    isIsoDate(row.effective_from) &&
    (row.effective_to === null ||
      (isIsoDate(row.effective_to) && row.effective_to > row.effective_from));
  const isShapeValid = rows.every(hasValidDates);
  if (!isShapeValid) messages.push(M.badPriceDates(code, currency));
  if (!rows.every((row) => isWholeNumber(row.unit_price_minor))) {
    messages.push(M.fractionalPrice(code, currency));
    return 0;
  }
  if (!isShapeValid) return 0;

  // ISO dates compare as text. Sorted by start, a range overlaps the next when it ends after
  // the next one starts (or never ends).
  const sorted = [...rows].sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1));
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (!previous || !current) continue;
    if (previous.effective_to === null || previous.effective_to > current.effective_from) {
      messages.push(M.overlappingPrices(code, currency, current.effective_from));
      return 0;
    }
  }
  const inEffect = sorted.find(
    (row) =>
      row.effective_from <= priceDate &&
      (row.effective_to === null || priceDate < row.effective_to),
  );
  if (!inEffect) messages.push(M.noPriceOn(code, currency, priceDate));
  return inEffect?.unit_price_minor ?? 0;
}

function readTiers(code: string, entry: CatalogSku, messages: string[]): PreparedSku['tiers'] {
  const tiersInput: unknown = entry.volume_tiers;
  const tiers: PreparedSku['tiers'] = [];
  const seen = new Set<number>();
  for (const tier of Array.isArray(tiersInput) ? (tiersInput as CatalogSku['volume_tiers']) : []) {
    const bp = percentWithin(tier.percent, 0, MAX_DISCOUNT_BP);
    if (!isWholeNumber(tier.min_quantity)) messages.push(M.badTierQuantity(code));
    else if (bp === null) messages.push(M.badTierPercent(code));
    else if (seen.has(tier.min_quantity)) messages.push(M.duplicateTier(code, tier.min_quantity));
    else {
      seen.add(tier.min_quantity);
      tiers.push({ minQuantity: tier.min_quantity, bp });
    }
  }
  return tiers.sort((a, b) => b.minQuantity - a.minQuantity);
}

/**
 * Cost factor (basis points) for each 12-month slice of the contract. No factors means 100 %
 * every year; a list shorter than the contract carries its last factor on, so a depreciated cost
 * does not jump back to full price in the years nobody filled in.
 */
function readCostFactors(
  code: string,
  entry: CatalogSku,
  slices: number,
  messages: string[],
): bigint[] {
  const factorsInput: unknown = entry.cost_year_factors_percent;
  const factors = Array.isArray(factorsInput) ? (factorsInput as unknown[]) : [];
  const read = factors.map((text, index) => {
    const bp = percentWithin(text, 0, MAX_COST_FACTOR_BP);
    if (bp === null) messages.push(M.badCostFactor(code, index + 1));
    return BigInt(bp ?? 0);
  });
  const last = read.at(-1) ?? BigInt(DEFAULT_COST_FACTOR_BP);
  return Array.from({ length: slices }, (_, index) => read[index] ?? last);
}

/**
 * Cost weight per priced year. ELA: the year's factor × its months (ANNUAL) or × 12 (ONE_TIME,
 * bought that year). STANDARD: ANNUAL sums factor × months over every slice of the contract, so
 * a 36-month subscription depreciates as three ELA years would; ONE_TIME is bought in year 1.
 */
function costWeights(
  billing: Billing,
  factors: bigint[],
  sliceMonths: number[],
  quoteType: PricedQuoteType,
): bigint[] {
  const months = (index: number) =>
    billing === 'ANNUAL' ? BigInt(sliceMonths[index] ?? 0) : BigInt(MONTHS_PER_YEAR);
  const weight = (index: number) => (factors[index] ?? 0n) * months(index);
  if (quoteType === 'ELA') return sliceMonths.map((_, index) => weight(index));
  if (billing === 'ONE_TIME') return [weight(0)];
  return [sliceMonths.reduce((sum, _, index) => sum + weight(index), 0n)];
}

function readSku(code: string, entry: CatalogSku | undefined, context: SkuContext): SkuReading {
  if (!entry) return { ok: false, messages: [M.unknownSku(code)] };
  if (entry.active !== true) return { ok: false, messages: [M.inactiveSku(code)] };
  const messages: string[] = [];
  if (!isOneOf(PRODUCT_KINDS, entry.kind)) messages.push(M.badSkuKind(code));
  if (!isOneOf(BILLING_TYPES, entry.billing)) messages.push(M.badSkuBilling(code));
  if (messages.length > 0) return { ok: false, messages };

  const isBundle = entry.kind === 'BUNDLE';
  const base = {
    sku: code,
    name: typeof entry.name === 'string' ? entry.name : code,
    kind: entry.kind,
    billing: entry.billing,
    isBundle,
    family: typeof entry.family === 'string' ? entry.family : null,
    model: typeof entry.model === 'string' && entry.model !== '' ? entry.model : null,
  };
  // A bundle has no price, discount or cost of its own: its components carry them.
  if (isBundle) {
    const bundle = {
      unitPriceMinor: 0,
      tiers: [],
      method: { kind: 'LIST' } as const,
      schedule: {
        type: 'RANGE' as const,
        key: `sku:${code}`,
        includeInstalledBase: false,
        tiers: [],
      },
      termBp: 0,
      partnerBp: 0,
      unitCostScaled: null,
      unitTermCostScaled: null,
    };
    return { ok: true, sku: { ...base, ...bundle } };
  }

  const method = readPricingMethod(code, entry, context, messages);
  // A block-priced or cost-plus SKU needs no price row; one it has is shown, not used.
  const needsPriceRow = method.kind === 'LIST' || method.kind === 'PERCENT_OF_TOTAL';
  const unitPriceMinor = readUnitPrice(code, entry, context, needsPriceRow ? messages : []);
  const tiers = readTiers(code, entry, messages);
  const schedule = readSchedule(code, entry, tiers, messages);
  const cost: unknown = entry.unit_cost_usd_minor;
  if (cost !== null && !isWholeNumber(cost)) messages.push(M.badCost(code));
  const { quoteType, sliceMonths } = context;
  const factors = readCostFactors(code, entry, sliceMonths?.length ?? 0, messages);
  // Without a quote type and contract length (reported already) there is nothing to weigh.
  if (messages.length > 0 || quoteType === null || sliceMonths === null) {
    return { ok: false, messages };
  }

  return {
    ok: true,
    sku: {
      ...base,
      unitPriceMinor,
      tiers,
      method,
      schedule,
      termBp: context.termBpByKind.get(entry.kind) ?? 0,
      partnerBp: context.partnerBpByKind.get(entry.kind) ?? 0,
      unitCostScaled:
        cost === null
          ? null
          : costWeights(entry.billing, factors, sliceMonths, quoteType).map(
              (weight) => BigInt(cost as number) * weight * BigInt(context.rateMicro),
            ),
      unitTermCostScaled:
        cost === null
          ? null
          : BigInt(cost as number) *
            (factors[0] ?? BigInt(DEFAULT_COST_FACTOR_BP)) *
            BigInt(MONTHS_PER_YEAR) *
            BigInt(context.rateMicro),
    },
  };
}

/** The line's quantity per priced year, or null after recording what is wrong. */
function readQuantities(
  line: PricingLine,
  terms: QuoteTerms,
  contractLength: number,
  errors: PricingError[],
): number[] | null {
  const { line_id } = line;
  const raw: unknown = line.quantities;
  if (!Array.isArray(raw)) {
    errors.push({ line_id, field: 'quantities', message: M.quantity });
    return null;
  }
  const quantities = raw as unknown[];
  let isValid = true;
  quantities.forEach((quantity, index) => {
    const field = `quantities.${index}`;
    if (!isWholeNumber(quantity)) {
      errors.push({ line_id, field, message: M.quantity });
      isValid = false;
    } else if (quantity > MAX_QUANTITY) {
      errors.push({ line_id, field, message: M.quantityTooLarge });
      isValid = false;
    }
  });
  const { quoteType, monthsByYear } = terms;
  if (quoteType === null || monthsByYear === null) return null;
  if (quoteType === 'STANDARD' && quantities.length !== 1) {
    errors.push({ line_id, field: 'quantities', message: M.standardQuantities });
    return null;
  }
  const years = monthsByYear.length;
  quantities.forEach((quantity, index) => {
    if (index >= years && quantity !== 0 && isWholeNumber(quantity)) {
      const message = M.quantityBeyondContract(contractLength, years, index + 1);
      errors.push({ line_id, field: `quantities.${index}`, message });
      isValid = false;
    }
  });
  if (!isValid) return null;
  return monthsByYear.map((_, index) => (quantities[index] as number | undefined) ?? 0);
}

const DISCOUNT_MESSAGES = {
  FORMAT: M.discountFormat,
  DECIMALS: M.discountDecimals,
  RANGE: M.discountRange,
} as const satisfies Record<DecimalProblem, string>;

function readManualBp(line: PricingLine, errors: PricingError[]): number | null {
  const text: unknown = line.manual_discount_percent;
  if (text === undefined || text === null || text === '') return 0;
  const parsed = parsePercentBp(text);
  if (parsed.ok && parsed.value >= 0 && parsed.value <= MAX_DISCOUNT_BP) return parsed.value;
  const message = parsed.ok ? M.discountRange : DISCOUNT_MESSAGES[parsed.problem];
  errors.push({ line_id: line.line_id, field: 'manual_discount_percent', message });
  return null;
}

type Reading<T> = { ok: true; value: T } | { ok: false };

const UPLIFT_MESSAGES = {
  FORMAT: M.upliftFormat,
  DECIMALS: M.upliftDecimals,
  RANGE: M.upliftRange,
} as const satisfies Record<DecimalProblem, string>;

/**
 * The contract price of a line, if it has one: the prior unit net raised by the uplift, rounded
 * once to the cent (decimal.ts), e.g. 100000 at "5" → 105000.
 */
function readContractPrice(
  line: PricingLine,
  errors: PricingError[],
): Reading<PreparedContractPrice | null> {
  const raw: unknown = line.contract_price;
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const { line_id } = line;
  const price = (typeof raw === 'object' ? raw : {}) as Partial<ContractPrice>;

  const prior: unknown = price.unit_net_minor;
  const isPriorValid = isWholeNumber(prior);
  if (!isPriorValid) {
    errors.push({ line_id, field: 'contract_price.unit_net_minor', message: M.contractUnitNet });
  }
  const upliftText: unknown = price.uplift_percent;
  let upliftBp: number | null = 0;
  if (upliftText !== undefined && upliftText !== null && upliftText !== '') {
    const parsed = parsePercentBp(upliftText);
    upliftBp = parsed.ok && Math.abs(parsed.value) <= MAX_UPLIFT_BP ? parsed.value : null;
    if (upliftBp === null) {
      const message = parsed.ok ? M.upliftRange : UPLIFT_MESSAGES[parsed.problem];
      errors.push({ line_id, field: 'contract_price.uplift_percent', message });
    }
  }
  if (!isPriorValid || upliftBp === null) return { ok: false };

  try {
    const unitMinor = multiplyRatio(prior, BP_PER_WHOLE + upliftBp, BP_PER_WHOLE);
    return { ok: true, value: { priorUnitNetMinor: prior, upliftBp, unitMinor } };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    errors.push({ line_id, field: 'contract_price.unit_net_minor', message: M.lineTooLarge });
    return { ok: false };
  }
}

/** The unit list price typed for a line (issue 19), if any: whole cents, 0 to the maximum. */
function readAdjustedUnitList(line: PricingLine, errors: PricingError[]): Reading<number | null> {
  const raw: unknown = line.adjusted_unit_list_minor;
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (isWholeNumber(raw, MAX_ADJUSTED_UNIT_LIST_MINOR)) return { ok: true, value: raw };
  errors.push({
    line_id: line.line_id,
    field: 'adjusted_unit_list_minor',
    message: M.adjustedUnitList,
  });
  return { ok: false };
}

const isCalendarDate = (value: unknown): value is string =>
  typeof value === 'string' && dayNumber(value) !== null;

/** The period a line runs, if it has one; STANDARD quotes only. */
function readPeriod(
  line: PricingLine,
  quoteType: PricedQuoteType | null,
  errors: PricingError[],
): Reading<PreparedPeriod | null> {
  const raw: unknown = line.period;
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const { line_id } = line;
  // A wrong quote type is reported on its own; an ELA prices whole contract years.
  if (quoteType !== 'STANDARD') {
    if (quoteType === 'ELA') errors.push({ line_id, field: 'period', message: M.periodOnStandard });
    return { ok: false };
  }
  const period = (typeof raw === 'object' ? raw : {}) as Partial<PreparedPeriod>;
  const { start, end } = period;
  const isStartValid = isCalendarDate(start);
  const isEndValid = isCalendarDate(end);
  if (!isStartValid) errors.push({ line_id, field: 'period.start', message: M.periodStart });
  if (!isEndValid) errors.push({ line_id, field: 'period.end', message: M.periodEnd });
  if (!isStartValid || !isEndValid) return { ok: false };
  const days = daysInclusive(start, end);
  if (days < 1) {
    errors.push({ line_id, field: 'period.end', message: M.periodOrder });
    return { ok: false };
  }
  if (days > MAX_PERIOD_DAYS) {
    errors.push({ line_id, field: 'period', message: M.periodTooLong });
    return { ok: false };
  }
  return { ok: true, value: { start, end } };
}

/**
 * Reads and checks the whole input. `ok: false` carries every problem found: quote fields first,
 * then each line's in line order. Checks that need the contract years are skipped while the
 * quote type or contract length is wrong (those errors say so already).
 */
export function preparePricing(input: PricingInput): Prepared {
  const errors: PricingError[] = [];
  const terms = readTerms(input, errors);

  const currency = typeof input.currency_code === 'string' ? input.currency_code : '';
  const isCurrencyValid = CURRENCY_CODE.test(currency);
  if (!isCurrencyValid) errors.push({ field: 'currency_code', message: M.currencyCode });
  const isDateValid = isIsoDate(input.price_date);
  if (!isDateValid) errors.push({ field: 'price_date', message: M.priceDate });
  const channel: unknown = input.sales_channel;
  const isChannelValid = isOneOf(SALES_CHANNELS, channel);
  if (!isChannelValid) errors.push({ field: 'sales_channel', message: M.salesChannel });
  const adjustmentBp = readAdjustmentBp(input.price_adjustment_percent, errors);
  const rateMicro = isCurrencyValid ? readRateMicro(currency, input.usd_rates, errors) : 0;
  const partnerBpByKind = isChannelValid
    ? readPartnerDiscounts(input, channel, errors)
    : new Map<ProductKind, number>();
  const termBpByKind =
    terms.monthsByYear === null
      ? new Map<ProductKind, number>()
      : readTermDiscounts(input, input.contract_length, errors);
  const installedBase = readInstalledBase(input, errors);

  // Catalog problems are only meaningful once the currency and date are known.
  const canReadCatalog = isCurrencyValid && isDateValid;
  const context: SkuContext = {
    currency,
    priceDate: input.price_date,
    sliceMonths: terms.sliceMonths,
    quoteType: terms.quoteType,
    partnerBpByKind,
    termBpByKind,
    rateMicro,
  };
  const catalog = (input.catalog ?? {}) as Record<string, CatalogSku | undefined>;
  const skuCache = new Map<string, SkuReading>();
  const skuOf = (code: string): SkuReading => {
    let reading = skuCache.get(code);
    if (!reading) {
      const entry = Object.hasOwn(catalog, code) ? catalog[code] : undefined;
      reading = readSku(code, entry, context);
      skuCache.set(code, reading);
    }
    return reading;
  };

  const linesInput: unknown = input.lines;
  const lines = Array.isArray(linesInput) ? (linesInput as PricingLine[]) : [];
  const lineById = new Map<string, PricingLine>();
  for (const line of lines) {
    if (typeof line.line_id !== 'string' || line.line_id.trim() === '') continue;
    if (lineById.has(line.line_id)) {
      errors.push({
        line_id: line.line_id,
        field: 'line_id',
        message: M.lineIdTwice(line.line_id),
      });
    } else {
      lineById.set(line.line_id, line);
    }
  }

  const prepared: PreparedLine[] = [];
  for (const line of lines) {
    const { line_id } = line;
    if (typeof line_id !== 'string' || line_id.trim() === '') {
      errors.push({ field: 'line_id', message: M.lineId });
      continue;
    }
    const quantities = readQuantities(line, terms, input.contract_length, errors);
    const manualBp = readManualBp(line, errors);
    const contract = readContractPrice(line, errors);
    const period = readPeriod(line, terms.quoteType, errors);
    const adjustedUnit = readAdjustedUnitList(line, errors);
    const code = typeof line.sku === 'string' ? line.sku : '';
    let sku: PreparedSku | null = null;
    if (canReadCatalog) {
      const reading = skuOf(code);
      if (reading.ok) sku = reading.sku;
      else for (const message of reading.messages) errors.push({ line_id, field: 'sku', message });
    }
    if (sku?.isBundle && manualBp !== null && manualBp !== 0) {
      errors.push({ line_id, field: 'manual_discount_percent', message: M.bundleDiscount });
    }

    // '' is no parent, as a blank lookup is elsewhere in the app.
    const parentLineId = line.parent_line_id ? line.parent_line_id : null;
    // A contract's net price is for the product as sold; a bundle's price is its components'.
    if (contract.ok && contract.value !== null && (sku?.isBundle || parentLineId !== null)) {
      const message = sku?.isBundle ? M.contractBundle : M.contractComponent;
      errors.push({ line_id, field: 'contract_price', message });
    }
    // The typed price replaces the catalogue's; a contract's price and a bundle's are not it.
    if (adjustedUnit.ok && adjustedUnit.value !== null) {
      const message = sku?.isBundle
        ? M.adjustedUnitListBundle
        : contract.ok && contract.value !== null
          ? M.adjustedUnitListContract
          : sku?.method.kind === 'BLOCK'
            ? M.blockTypedPrice
            : null;
      if (message !== null) errors.push({ line_id, field: 'adjusted_unit_list_minor', message });
    }
    if (parentLineId !== null) {
      const parent = lineById.get(parentLineId);
      const parentReading = parent && canReadCatalog ? skuOf(parent.sku) : null;
      let message: string | null = null;
      if (!parent) message = M.parentMissing(parentLineId);
      else if (sku?.isBundle) message = M.nestedBundle;
      // A line naming itself is caught here too: it is either a bundle (above) or not one.
      else if (parent === line || (parentReading?.ok && !parentReading.sku.isBundle)) {
        message = M.parentNotBundle(parentLineId);
      }
      if (message !== null) errors.push({ line_id, field: 'parent_line_id', message });
    }

    if (sku && quantities && manualBp !== null && contract.ok && period.ok && adjustedUnit.ok) {
      prepared.push({
        lineId: line_id,
        parentLineId,
        sku,
        quantities,
        manualBp,
        contract: contract.value,
        period: period.value,
        adjustedUnitMinor: adjustedUnit.value,
      });
    }
  }

  if (errors.length > 0 || terms.quoteType === null || terms.monthsByYear === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    quote: {
      currencyCode: currency,
      quoteType: terms.quoteType,
      years: terms.monthsByYear.length,
      monthsByYear: terms.monthsByYear,
      adjustmentBp,
      rateMicro,
      contractLength: input.contract_length,
      installedBase,
      lines: prepared,
    },
  };
}

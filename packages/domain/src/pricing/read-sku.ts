/** Reads a catalogue SKU for one quote: its price on the price date, tiers, method, schedule and cost. */
import { isIsoDate, isOneOf, isWholeNumber, percentWithin } from './input-checks.ts';
import { BILLING_TYPES, type Billing, type CatalogSku, type PricedQuoteType } from './model.ts';
import { PRODUCT_KINDS, type ProductKind } from './product-kinds.ts';
import type { PreparedSku } from './prepared.ts';
import { readPricingMethod, readSchedule } from './prepare-methods.ts';
import {
  DEFAULT_COST_FACTOR_BP,
  MAX_COST_FACTOR_BP,
  MAX_DISCOUNT_BP,
  MONTHS_PER_YEAR,
} from './pricing-limits.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';

export interface SkuContext {
  currency: string;
  priceDate: string;
  /** Null when the contract is unreadable: cost weights are then not needed. */
  sliceMonths: number[] | null;
  quoteType: PricedQuoteType | null;
  partnerBpByKind: Map<ProductKind, number>;
  termBpByKind: Map<ProductKind, number>;
  rateMicro: number;
}

export type SkuReading = { ok: true; sku: PreparedSku } | { ok: false; messages: string[] };

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

export function readSku(
  code: string,
  entry: CatalogSku | undefined,
  context: SkuContext,
): SkuReading {
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

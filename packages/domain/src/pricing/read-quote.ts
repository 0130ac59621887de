/** Reads a pricing input's quote-wide fields: quote type and contract, rate, adjustment, partner discounts. */
import { partnerTypeFor, type SalesChannel } from '../quotes/sales-channel.ts';
import { MICRO_PER_UNIT, parsePercentBp, parseRateMicro } from './decimal.ts';
import { isOneOf, percentWithin } from './input-checks.ts';
import {
  PRICED_QUOTE_TYPES,
  type PricedQuoteType,
  type PricingError,
  type PricingInput,
} from './model.ts';
import { type ProductKind } from './product-kinds.ts';
import {
  contractYearMonths,
  MAX_CONTRACT_MONTHS,
  MAX_DISCOUNT_BP,
  MAX_PRICE_ADJUSTMENT_BP,
  MIN_CONTRACT_MONTHS,
} from './pricing-limits.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';

export interface QuoteTerms {
  quoteType: PricedQuoteType | null;
  /** Null when the quote type or contract length is wrong, so years cannot be counted. */
  sliceMonths: number[] | null;
  monthsByYear: number[] | null;
}

export function readTerms(input: PricingInput, errors: PricingError[]): QuoteTerms {
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

export function readRateMicro(currency: string, rates: unknown, errors: PricingError[]): number {
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

export function readAdjustmentBp(text: unknown, errors: PricingError[]): number {
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
export function readPartnerDiscounts(
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

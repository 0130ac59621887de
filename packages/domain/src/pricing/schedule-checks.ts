/**
 * Issue 35: the checks of a block-priced SKU's bands, a discount schedule's tiers and a term
 * discount, as catalogue admins set them (methods.ts). Messages are method-messages.ts.
 */
import { PRODUCT_KINDS, type ProductKind } from './product-kinds.ts';
import {
  MAX_BAND_QUANTITY,
  MAX_PRICE_BANDS,
  MAX_SCHEDULE_TIERS,
  MAX_TERM_MONTHS,
  METHOD_MESSAGES,
  MIN_TERM_MONTHS,
  type MethodProblem,
  isWholeCents,
  percentTextProblem,
} from './method-messages.ts';

/** A flat price for any quantity from min to max, both included (max null: no end). */
export interface PriceBlockBand {
  min_quantity: number;
  max_quantity: number | null;
  price_minor: number;
}

const isQuantity = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_BAND_QUANTITY;

/**
 * What is wrong with a SKU's bands in one currency: whole quantities, each band ending at or
 * after its start, prices in whole cents, and no two bands sharing a quantity (gaps are fine:
 * a quantity in no band has no block price). Fields `bands.N.min_quantity`, `…max_quantity`,
 * `…price`; an overlap is reported on the later band's start.
 */
export function blockBandProblems(bands: readonly PriceBlockBand[]): MethodProblem[] {
  if (bands.length > MAX_PRICE_BANDS) {
    return [{ field: 'bands', message: METHOD_MESSAGES.bandsTooMany }];
  }
  const problems: MethodProblem[] = [];
  const readable: { band: PriceBlockBand; index: number }[] = [];
  bands.forEach((band, index) => {
    const at = (field: string) => `bands.${index}.${field}`;
    const before = problems.length;
    if (!isQuantity(band.min_quantity)) {
      problems.push({ field: at('min_quantity'), message: METHOD_MESSAGES.bandMin });
    } else if (
      band.max_quantity !== null &&
      (!isQuantity(band.max_quantity) || band.max_quantity < band.min_quantity)
    ) {
      problems.push({ field: at('max_quantity'), message: METHOD_MESSAGES.bandMax });
    }
    if (!isWholeCents(band.price_minor)) {
      problems.push({ field: at('price'), message: METHOD_MESSAGES.bandPrice });
    }
    if (problems.length === before) readable.push({ band, index });
  });
  const ordered = [...readable].sort(
    (a, b) => a.band.min_quantity - b.band.min_quantity || a.index - b.index,
  );
  ordered.forEach((later, position) => {
    const earlier = ordered[position - 1];
    if (!earlier) return;
    const { max_quantity: end } = earlier.band;
    if (end === null || end >= later.band.min_quantity) {
      problems.push({
        field: `bands.${later.index}.min_quantity`,
        message: METHOD_MESSAGES.bandsOverlap(earlier.band, later.band),
      });
    }
  });
  return problems;
}

/* Discount schedule tiers. */

/** A tier of a discount schedule: from this many units, this discount (decimal text). */
export interface ScheduleTier {
  min_quantity: number;
  percent: string;
}

const TIER_PERCENT = {
  notNumber: METHOD_MESSAGES.tierPercentNotNumber,
  decimals: METHOD_MESSAGES.tierPercentDecimals,
  range: METHOD_MESSAGES.tierPercentRange,
};

/** A discount from 0 to 100 % with at most 2 decimals; null when it is fine. */
export function discountPercentProblem(text: string): string | null {
  if (text.trim() === '') return METHOD_MESSAGES.tierPercentRequired;
  return percentTextProblem(text, 100, TIER_PERCENT);
}

/**
 * What is wrong with a schedule's tiers: 1 to 50 of them, each from a whole number of units (0
 * or more), no two from the same number, each a discount from 0 to 100 % with at most 2
 * decimals. Fields `tiers`, `tiers.N.min_quantity`, `tiers.N.percent`.
 */
export function scheduleTierProblems(tiers: readonly ScheduleTier[]): MethodProblem[] {
  if (tiers.length === 0) return [{ field: 'tiers', message: METHOD_MESSAGES.tiersRequired }];
  if (tiers.length > MAX_SCHEDULE_TIERS) {
    return [{ field: 'tiers', message: METHOD_MESSAGES.tiersTooMany }];
  }
  const problems: MethodProblem[] = [];
  const seen = new Set<number>();
  tiers.forEach((tier, index) => {
    if (!isQuantity(tier.min_quantity)) {
      problems.push({ field: `tiers.${index}.min_quantity`, message: METHOD_MESSAGES.tierMin });
    } else if (seen.has(tier.min_quantity)) {
      problems.push({
        field: `tiers.${index}.min_quantity`,
        message: METHOD_MESSAGES.tierTwice(tier.min_quantity),
      });
    }
    seen.add(tier.min_quantity);
    const percent = discountPercentProblem(tier.percent);
    if (percent) problems.push({ field: `tiers.${index}.percent`, message: percent });
  });
  return problems;
}

/* Term discounts. */

/** A kind's discount from a contract length on (the highest reached applies). */
export interface TermDiscount {
  product_kind: ProductKind;
  min_months: number;
  percent: string;
}

/**
 * What is wrong with a term discount: a kind that has a price (not BUNDLE), a whole number of
 * months from 1 to 60, a discount from 0 to 100 % with at most 2 decimals. Fields
 * `product_kind`, `min_months`, `percent`.
 */
export function termDiscountProblems(row: TermDiscount): MethodProblem[] {
  const problems: MethodProblem[] = [];
  if (!(PRODUCT_KINDS as readonly string[]).includes(row.product_kind)) {
    problems.push({
      field: 'product_kind',
      message: METHOD_MESSAGES.unknownKind(row.product_kind),
    });
  } else if (row.product_kind === 'BUNDLE') {
    problems.push({ field: 'product_kind', message: METHOD_MESSAGES.termKindBundle });
  }
  if (
    !Number.isSafeInteger(row.min_months) ||
    row.min_months < MIN_TERM_MONTHS ||
    row.min_months > MAX_TERM_MONTHS
  ) {
    problems.push({ field: 'min_months', message: METHOD_MESSAGES.termMonths });
  }
  const percent = discountPercentProblem(row.percent);
  if (percent) problems.push({ field: 'percent', message: percent });
  return problems;
}

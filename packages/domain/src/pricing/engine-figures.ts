/**
 * The engine's arithmetic and its figures: sums and ratios that refuse what a safe integer cannot
 * hold, the figures of a line, year or group of lines, and the waterfall step and summary built
 * from them (docs/pricing.md).
 */
import { BP_PER_WHOLE, multiplyRatio } from './decimal.ts';
import type { AmountSummary, WaterfallStep } from './model.ts';

export const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Thrown inside the engine when a figure would not fit a safe integer; never escapes it. */
export class TooLarge extends Error {}

/** Thrown inside the engine for a line the catalogue cannot price; never escapes it. */
export class LineProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** a + b, refusing a sum beyond a safe integer (doubles would round it). */
export function plus(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new TooLarge();
  return sum;
}

/** a × b / d rounded half away from zero; TooLarge when the result is not a safe integer. */
export function ratio(a: number, b: number, d: number): number {
  try {
    return multiplyRatio(a, b, d);
  } catch (error) {
    // Every argument here is a safe integer and d > 0, so only the result can be out of range.
    if (error instanceof RangeError) throw new TooLarge();
    throw error;
  }
}

/** bp basis points of amount, rounded half away from zero. */
export const share = (amount: number, bp: number) => ratio(amount, bp, BP_PER_WHOLE);

/** Figures of a line, a year or a group of lines, before they become an AmountSummary. */
export interface Figures {
  list: number;
  adjustment: number;
  discount: number;
  /** The part of the discount that is the manual (seller) discount. */
  manual: number;
  net: number;
  /** Null once any part has an unknown cost. */
  cost: number | null;
}

export const zeroFigures = (): Figures => ({
  list: 0,
  adjustment: 0,
  discount: 0,
  manual: 0,
  net: 0,
  cost: 0,
});

export function addFigures(sum: Figures, part: Figures): void {
  sum.list = plus(sum.list, part.list);
  sum.adjustment = plus(sum.adjustment, part.adjustment);
  sum.discount = plus(sum.discount, part.discount);
  sum.manual = plus(sum.manual, part.manual);
  sum.net = plus(sum.net, part.net);
  sum.cost = sum.cost === null || part.cost === null ? null : plus(sum.cost, part.cost);
}

/**
 * margin / net in basis points. Null unless net > 0, and also when the ratio does not fit a safe
 * integer: a net of a few cents against a large cost gives a margin of minus trillions of
 * percent, a figure with no meaning that must not stop the quote from being priced.
 */
function marginPercentBp(margin: number | null, net: number): number | null {
  if (margin === null || net <= 0) return null;
  try {
    return multiplyRatio(margin, BP_PER_WHOLE, net);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

export function summarize({ list, adjustment, discount, net, cost }: Figures): AmountSummary {
  const margin = cost === null ? null : net - cost;
  return {
    list_minor: list,
    adjustment_minor: adjustment,
    discount_minor: discount,
    net_minor: net,
    cost_minor: cost,
    margin_minor: margin,
    margin_percent_bp: marginPercentBp(margin, net),
  };
}

export const step = (
  name: WaterfallStep['step'],
  percentBp: number | null,
  amount: number,
  subtotal: number,
): WaterfallStep => ({
  step: name,
  percent_bp: percentBp,
  // 0 - 0 is 0, but -(0) is -0: keep JSON and equality checks plain.
  amount_minor: amount === 0 ? 0 : amount,
  subtotal_minor: subtotal,
});

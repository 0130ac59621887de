/**
 * The pricing answer the configure page reads (docs/pricing.md, "The configure page's answer"):
 * what it shows and nothing more, each number once. A 1,000-line five-year ELA priced in full
 * (every line's waterfall, every figure labelled) is over 3 MB of JSON; this is about 150 KB.
 *
 * Lines are columns: `lines.line_id[i]` is line i, and every other column of `lines` holds line
 * i's figure at index i; `lines.years.<figure>[i][y]` is its figure in contract year y + 1.
 * Money is exact decimal text of the quote currency ("1234.50", "-0.05": two decimals, from the
 * integer minor units), percentages decimal text of percent ("12.5"). A line's waterfall is not
 * here: the page fetches one line's when it is opened (explainable on demand).
 */
import { minorAsDecimal } from '../reports/csv.ts';
import { formatBp } from './decimal.ts';
import type { AmountSummary, PriceBookRef, PricingResult } from './model.ts';

/** Money as decimal text, "1234.50". */
export type DecimalText = string;

export interface SlimTotals {
  list: DecimalText;
  /** The price adjustment (typed unit list prices) in money: positive for an uplift. */
  adjustment: DecimalText;
  /** Volume, partner and manual discounts together, as a positive amount. */
  discount: DecimalText;
  net: DecimalText;
  /** Only when the viewer sees margin (shows_margin): null when a cost is unknown. */
  cost?: DecimalText | null;
  margin?: DecimalText | null;
  /** margin / net, percent ("42.17"); null unless net > 0. */
  margin_percent?: string | null;
  /** Per contract year y + 1, at index y. */
  years: { list: DecimalText[]; net: DecimalText[] };
}

export interface SlimLines {
  /** The line ids the request named them by (the configure page's keys). */
  line_id: string[];
  /** The catalogue's unit list price in effect (per 12 months for ANNUAL); "0.00" on a bundle. */
  unit_list: DecimalText[];
  /** The unit list price typed for the line (issue 19); null: the catalogue's. */
  adjusted_unit_list: (DecimalText | null)[];
  /**
   * The effective discount (discount-names.ts) of the line as a whole: discount / (list +
   * adjustment), volume, partner and seller together, percent ("12.5").
   */
  discount_percent: string[];
  /** The seller discount (discount-names.ts): the manual discount typed, percent ("10"). */
  seller_discount_percent: string[];
  /** The line's list and net over the contract; on a BUNDLE line, its components' (rollup). */
  list: DecimalText[];
  net: DecimalText[];
  is_bundle: boolean[];
  /**
   * Only when the viewer sees margin (shows_margin), else absent: the line's cost, margin and
   * margin % (null when the cost is unknown, or the net is not above 0); a bundle's components'.
   */
  cost?: (DecimalText | null)[];
  margin?: (DecimalText | null)[];
  margin_percent?: (string | null)[];
  /** Per line, per contract year. */
  years: { quantity: number[][]; net: DecimalText[][] };
}

export interface SlimPricingResult {
  currency_code: string;
  years: number;
  shows_margin: boolean;
  /** The net total in USD (approval thresholds). */
  net_usd: DecimalText;
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  price_book: PriceBookRef | null;
  /** Issue 35: what changed under the quote since it was priced (its book, its rate). */
  notices: string[];
  totals: SlimTotals;
  lines: SlimLines;
}

const money = minorAsDecimal;
const nullableMoney = (minor: number | null) => (minor === null ? null : money(minor));

function marginOf(amounts: AmountSummary) {
  return {
    cost: nullableMoney(amounts.cost_minor),
    margin: nullableMoney(amounts.margin_minor),
    margin_percent: amounts.margin_percent_bp === null ? null : formatBp(amounts.margin_percent_bp),
  };
}

/**
 * The configure page's answer from the engine's result: the same figures, as decimal text. Cost
 * and margin are left out, not emptied, unless `showsMargin` (the viewer may see margin on this
 * quote).
 */
export function slimPricingResult(
  result: PricingResult,
  options: { showsMargin: boolean },
): SlimPricingResult {
  const count = result.lines.length;
  const lines: SlimLines = {
    line_id: new Array<string>(count),
    unit_list: new Array<string>(count),
    adjusted_unit_list: new Array<string | null>(count),
    discount_percent: new Array<string>(count),
    seller_discount_percent: new Array<string>(count),
    list: new Array<string>(count),
    net: new Array<string>(count),
    is_bundle: new Array<boolean>(count),
    years: { quantity: new Array<number[]>(count), net: new Array<string[]>(count) },
  };
  const margins = options.showsMargin
    ? {
        cost: new Array<string | null>(count),
        margin: new Array<string | null>(count),
        margin_percent: new Array<string | null>(count),
      }
    : null;
  if (margins) Object.assign(lines, margins);
  result.lines.forEach((line, i) => {
    const shown = line.is_bundle && line.rollup ? line.rollup : line;
    lines.line_id[i] = line.line_id;
    lines.unit_list[i] = money(line.unit_list_price_minor);
    lines.adjusted_unit_list[i] = nullableMoney(line.adjusted_unit_list_minor);
    lines.discount_percent[i] = formatBp(line.effective_discount_percent_bp);
    lines.seller_discount_percent[i] = formatBp(line.seller_discount_percent_bp);
    if (margins) {
      const margin = marginOf(shown);
      margins.cost[i] = margin.cost;
      margins.margin[i] = margin.margin;
      margins.margin_percent[i] = margin.margin_percent;
    }
    lines.list[i] = money(shown.list_minor);
    lines.net[i] = money(shown.net_minor);
    lines.is_bundle[i] = line.is_bundle;
    lines.years.quantity[i] = line.years.map((year) => year.quantity);
    lines.years.net[i] = line.years.map((year) => money(year.net_minor));
  });
  const { totals } = result;
  return {
    currency_code: result.currency_code,
    years: result.years,
    shows_margin: options.showsMargin,
    net_usd: money(result.net_usd_minor),
    price_book: result.price_book,
    notices: result.notices,
    totals: {
      list: money(totals.list_minor),
      adjustment: money(totals.adjustment_minor),
      discount: money(totals.discount_minor),
      net: money(totals.net_minor),
      ...(options.showsMargin ? marginOf(totals) : {}),
      years: {
        list: totals.per_year.map((year) => money(year.list_minor)),
        net: totals.per_year.map((year) => money(year.net_minor)),
      },
    },
    lines,
  };
}

/** Money as the answer writes it: an optional minus, digits, a point and two decimals. */
export const MONEY_TEXT = /^-?\d{1,16}\.\d{2}$/;

/**
 * Decimal text of money ("1234.50", "-0.05") back into integer minor units, exactly: the digits
 * without the point are the minor units. Null for anything else (more or fewer than 2 decimals,
 * beyond a safe integer).
 */
export function decimalAsMinor(text: string): number | null {
  if (!MONEY_TEXT.test(text)) return null;
  const minor = Number(text.replace('.', ''));
  if (!Number.isSafeInteger(minor)) return null;
  // Never -0: '-0.00' is plain zero.
  return minor === 0 ? 0 : minor;
}

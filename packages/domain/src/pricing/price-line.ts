/**
 * One line priced year by year (docs/pricing.md): its list, the waterfall of price adjustment,
 * volume, term, partner and manual discounts, cost and margin, prorated by days when it runs a
 * period.
 */
import { prorate, type Proration } from '../renewals/proration.ts';
import { BP_PER_WHOLE, divideRoundHalfAway } from './decimal.ts';
import { blockFor, scheduleRate } from './method-prices.ts';
import type { LineResult, LineYearResult, PricingMethodResult } from './model.ts';
import type { PreparedLine, PreparedQuote, PreparedSku } from './prepared.ts';
import { COST_SCALE, MONTHS_PER_YEAR } from './pricing-limits.ts';
import { PRICING_MESSAGES } from './pricing-messages.ts';
import {
  MAX_SAFE,
  TooLarge,
  LineProblem,
  plus,
  ratio,
  share,
  type Figures,
  zeroFigures,
  addFigures,
  step,
  summarize,
} from './engine-figures.ts';

interface PricedYear {
  result: LineYearResult;
  figures: Figures;
  /** How the list amount was prorated by days; null when it was not. */
  proration: Proration | null;
}

/** The cost of the year's quantity, quote currency, one rounding; null when unknown. */
function yearCost(sku: PreparedSku, quantity: number, yearIndex: number): number | null {
  // Nothing bought costs nothing, known or not.
  if (quantity === 0) return 0;
  const unitCost = sku.unitCostScaled?.[yearIndex];
  if (unitCost === undefined) return null;
  const cost = divideRoundHalfAway(unitCost * BigInt(quantity), COST_SCALE);
  if (cost > MAX_SAFE) throw new TooLarge();
  return Number(cost);
}

/**
 * The cost of a prorated line: its quantity's 12-month cost prorated segment by segment with the
 * list's own days, each segment rounded once from the exact cost. The quote's months (which
 * weigh the cost of an ordinary STANDARD line) say nothing about a line that runs its own days.
 */
function proratedCost(sku: PreparedSku, quantity: number, proration: Proration): number | null {
  if (quantity === 0) return 0;
  if (sku.unitTermCostScaled === null) return null;
  let cost = 0n;
  for (const segment of proration.segments) {
    cost += divideRoundHalfAway(
      sku.unitTermCostScaled * BigInt(quantity) * BigInt(segment.days_used),
      COST_SCALE * BigInt(segment.days_in_term),
    );
  }
  if (cost > MAX_SAFE) throw new TooLarge();
  return Number(cost);
}

/**
 * The price of a quantity before the months: unit × quantity, or for a block-priced line (a
 * catalogue price, not a typed one) the price of the block the quantity falls in.
 */
function extendedOf(
  line: PreparedLine,
  unitMinor: number,
  quantity: number,
  currency: string,
  isTyped: boolean,
): number {
  const { method } = line.sku;
  if (method.kind !== 'BLOCK' || isTyped || line.contract !== null) {
    return ratio(unitMinor, quantity, 1);
  }
  if (quantity === 0) return 0;
  const block = blockFor(method.blocks, quantity);
  if (!block) {
    throw new LineProblem(
      'quantities',
      PRICING_MESSAGES.noBlockFor(line.sku.sku, currency, quantity),
    );
  }
  return block.priceMinor;
}

/**
 * A line's list amount for the year: its extended price, and for ANNUAL × months / 12, or, for
 * an ANNUAL line with a period, its year prorated by days (a ONE_TIME unit is bought whole).
 */
function listOf(
  line: PreparedLine,
  unitMinor: number,
  quantity: number,
  months: number,
  currency: string,
  isTyped = false,
): { list: number; proration: Proration | null } {
  const extended = extendedOf(line, unitMinor, quantity, currency, isTyped);
  if (line.sku.billing !== 'ANNUAL') return { list: extended, proration: null };
  if (line.period === null) {
    // ANNUAL prices are per 12 months: prorated by month, rounded once.
    return { list: ratio(extended, months, MONTHS_PER_YEAR), proration: null };
  }
  const proration = prorate({
    fullTermMinor: extended,
    termMonths: MONTHS_PER_YEAR,
    start: line.period.start,
    end: line.period.end,
  });
  // Several whole terms of a large amount could sum past a safe integer.
  if (!Number.isSafeInteger(proration.amount_minor)) throw new TooLarge();
  return { list: proration.amount_minor, proration };
}

/**
 * The quantity each schedule reads, per year: all the quote's lines that count together (the
 * SKU's, or its family's on a family schedule; issue 35: two lines of 300 are priced as 600).
 * Contract-priced and block-priced lines take no volume discount and do not count.
 */
export type VolumeQuantities = ReadonlyMap<string, readonly number[]>;

const takesVolume = (line: PreparedLine) =>
  !line.sku.isBundle && line.contract === null && line.sku.method.kind !== 'BLOCK';

export function volumeQuantitiesOf(quote: PreparedQuote): VolumeQuantities {
  const totals = new Map<string, number[]>();
  for (const line of quote.lines) {
    if (!takesVolume(line)) continue;
    const { key } = line.sku.schedule;
    const sums = totals.get(key) ?? quote.monthsByYear.map(() => 0);
    line.quantities.forEach((quantity, year) => {
      sums[year] = plus(sums[year] ?? 0, quantity);
    });
    totals.set(key, sums);
  }
  return totals;
}

/** One year of a priced (non-bundle) line: the waterfall on its extended amount. */
function priceYear(
  line: PreparedLine,
  quote: PreparedQuote,
  yearIndex: number,
  volumes: VolumeQuantities,
  unitMinor: number,
): PricedYear {
  const { sku, contract } = line;
  const quantity = line.quantities[yearIndex] ?? 0;
  const months = quote.monthsByYear[yearIndex] ?? 0;
  const currency = quote.currencyCode;
  const { list, proration } = listOf(line, unitMinor, quantity, months, currency);

  // A contract's net price already holds the adjustment, volume, term and partner discounts it
  // was sold with: only the manual discount is applied again.
  const isCatalogue = contract === null;
  const adjustmentBp = isCatalogue ? quote.adjustmentBp : 0;
  const { schedule } = sku;
  const aggregate = takesVolume(line) ? (volumes.get(schedule.key)?.[yearIndex] ?? quantity) : 0;
  const installed = schedule.includeInstalledBase ? (quote.installedBase.get(sku.sku) ?? 0) : 0;
  // A slab's blended rate is weightedBp / units; a range's is weightedBp over 1.
  const weightedBp = scheduleRate(schedule, aggregate, installed);
  const units = schedule.type === 'SLAB' && aggregate > 0 ? aggregate : 1;
  const termBp = isCatalogue ? sku.termBp : 0;
  const partnerBp = isCatalogue ? sku.partnerBp : 0;
  // A typed unit list price (issue 19) is the line's price: the step carries what it changes,
  // the list the line would have at that price less the catalogue's, so a line priced at a
  // typed price comes to the cent to one priced at the same catalogue price.
  const typedUnit = line.adjustedUnitMinor;
  const adjustment =
    typedUnit === null
      ? share(list, adjustmentBp)
      : listOf(line, typedUnit, quantity, months, currency, true).list - list;
  const adjusted = plus(list, adjustment);
  // A slab's blended rate is a fraction: the discount is rounded once from it.
  const volume =
    units === 1 ? share(adjusted, weightedBp) : ratio(adjusted, weightedBp, units * BP_PER_WHOLE);
  const volumeBp = units === 1 ? weightedBp : ratio(weightedBp, 1, units);
  const afterVolume = adjusted - volume;
  const term = share(afterVolume, termBp);
  const afterTerm = afterVolume - term;
  const partner = share(afterTerm, partnerBp);
  const afterPartner = afterTerm - partner;
  const manual = share(afterPartner, line.manualBp);
  const net = afterPartner - manual;
  const cost =
    proration === null
      ? yearCost(sku, quantity, yearIndex)
      : proratedCost(sku, quantity, proration);

  // A block-priced line's unit is the price of this year's band.
  const isBlock = sku.method.kind === 'BLOCK' && isCatalogue;
  const shownUnit = isBlock ? extendedOf(line, unitMinor, quantity, currency, false) : unitMinor;
  const waterfall = [
    step('LIST', null, list, list),
    step('PRICE_ADJUSTMENT', typedUnit === null ? adjustmentBp : null, adjustment, adjusted),
    step('VOLUME', volumeBp, -volume, afterVolume),
    step('TERM', termBp, -term, afterTerm),
    step('PARTNER', partnerBp, -partner, afterPartner),
    step('MANUAL', line.manualBp, -manual, net),
    step('NET', null, net - list, net),
  ];
  return {
    result: {
      year: yearIndex + 1,
      quantity,
      months,
      list_minor: list,
      net_minor: net,
      cost_minor: cost,
      unit_minor: shownUnit,
      volume_quantity: aggregate + installed,
      waterfall,
    },
    figures: { list, adjustment, discount: volume + term + partner + manual, manual, net, cost },
    proration,
  };
}

/** A bundle has no price of its own: zero figures, its quantities shown, no waterfall. */
function bundleYear(line: PreparedLine, quote: PreparedQuote, yearIndex: number): PricedYear {
  return {
    result: {
      year: yearIndex + 1,
      quantity: line.quantities[yearIndex] ?? 0,
      months: quote.monthsByYear[yearIndex] ?? 0,
      list_minor: 0,
      net_minor: 0,
      cost_minor: 0,
      unit_minor: 0,
      volume_quantity: 0,
      waterfall: [],
    },
    figures: zeroFigures(),
    proration: null,
  };
}

export interface PricedLine {
  result: LineResult;
  figures: Figures;
  /** Per year, for the quote's per-year totals. */
  yearFigures: Figures[];
  /** Priced per 12 months: what a percent-of-total line covering it reads per year. */
  annual: boolean;
}

/** The unit list a line is priced at, and how it was worked out when not from the price row. */
export interface LineUnit {
  unitMinor: number;
  method: PricingMethodResult | null;
}

export function priceLine(
  line: PreparedLine,
  quote: PreparedQuote,
  volumes: VolumeQuantities,
  unit: LineUnit,
): PricedLine {
  const { sku, contract } = line;
  const years = quote.monthsByYear.map((_, index) =>
    sku.isBundle
      ? bundleYear(line, quote, index)
      : priceYear(line, quote, index, volumes, unit.unitMinor),
  );
  const figures = zeroFigures();
  for (const year of years) addFigures(figures, year.figures);
  const beforeDiscount = plus(figures.list, figures.adjustment);
  return {
    result: {
      line_id: line.lineId,
      sku: sku.sku,
      name: sku.name,
      kind: sku.kind,
      unit_list_price_minor: contract === null ? unit.unitMinor : sku.unitPriceMinor,
      adjusted_unit_list_minor: line.adjustedUnitMinor,
      years: years.map((year) => year.result),
      ...summarize(figures),
      effective_discount_percent_bp:
        beforeDiscount > 0 ? ratio(figures.discount, BP_PER_WHOLE, beforeDiscount) : 0,
      // The rate typed: the same every year, whatever the standard pricing before it.
      seller_discount_percent_bp: sku.isBundle ? 0 : line.manualBp,
      seller_discount_minor: figures.manual,
      is_bundle: sku.isBundle,
      parent_line_id: line.parentLineId,
      rollup: null,
      contract_price:
        contract === null
          ? null
          : {
              prior_unit_net_minor: contract.priorUnitNetMinor,
              uplift_bp: contract.upliftBp,
              renewal_unit_minor: contract.unitMinor,
              current_unit_list_minor: sku.unitPriceMinor,
            },
      // Periods are STANDARD-only, so a prorated line has one year.
      proration: years.find((year) => year.proration !== null)?.proration ?? null,
      pricing_method: unit.method,
      volume_schedule: sku.schedule.type,
    },
    figures,
    yearFigures: years.map((year) => year.figures),
    annual: sku.billing === 'ANNUAL',
  };
}

/**
 * The pricing engine (docs/pricing.md): a quote's lines through the price waterfall — list,
 * price adjustment, volume tier, partner discount, manual discount — year by year, with cost and
 * margin, summed into quote totals. Pure: the same input always gives the same result, whatever
 * the order of its lines.
 *
 * All arithmetic is exact integer arithmetic on cents, basis points and micro-units: products
 * go through multiplyRatio (bigint whenever a double could not hold them) and cost through
 * bigint. Each step's change is rounded half away from zero to the cent, and every total is a
 * sum of rounded figures, so the lines always add up to the quote to the cent.
 *
 * Issue 18: a line may be priced from a contract (its prior unit net raised by an uplift, with
 * only the manual discount applied again) and may run a period of days, prorated by
 * renewals/proration.ts instead of by the quote's months.
 *
 * Issue 19: a line may carry a unit list price typed on the configure page; its list stays the
 * catalogue's and the difference is its price adjustment.
 */
import { prorate, type Proration } from '../renewals/proration.ts';
import { BP_PER_WHOLE, divideRoundHalfAway, MICRO_PER_UNIT, multiplyRatio } from './decimal.ts';
import type {
  AmountSummary,
  LineResult,
  LineYearResult,
  PricingError,
  PricingInput,
  PricingOutcome,
  PricingResult,
  WaterfallStep,
} from './model.ts';
import {
  COST_SCALE,
  MONTHS_PER_YEAR,
  preparePricing,
  PRICING_MESSAGES,
  type PreparedLine,
  type PreparedQuote,
  type PreparedSku,
} from './validate.ts';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Thrown inside the engine when a figure would not fit a safe integer; never escapes it. */
class TooLarge extends Error {}

/** a + b, refusing a sum beyond a safe integer (doubles would round it). */
function plus(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new TooLarge();
  return sum;
}

/** a × b / d rounded half away from zero; TooLarge when the result is not a safe integer. */
function ratio(a: number, b: number, d: number): number {
  try {
    return multiplyRatio(a, b, d);
  } catch (error) {
    // Every argument here is a safe integer and d > 0, so only the result can be out of range.
    if (error instanceof RangeError) throw new TooLarge();
    throw error;
  }
}

/** bp basis points of amount, rounded half away from zero. */
const share = (amount: number, bp: number) => ratio(amount, bp, BP_PER_WHOLE);

/** The discount of the highest tier whose minimum the quantity reaches; tiers come sorted. */
function tierBp(sku: PreparedSku, quantity: number): number {
  for (const tier of sku.tiers) if (tier.minQuantity <= quantity) return tier.bp;
  return 0;
}

/** Figures of a line, a year or a group of lines, before they become an AmountSummary. */
interface Figures {
  list: number;
  adjustment: number;
  discount: number;
  /** The part of the discount that is the manual (seller) discount. */
  manual: number;
  net: number;
  /** Null once any part has an unknown cost. */
  cost: number | null;
}

const zeroFigures = (): Figures => ({
  list: 0,
  adjustment: 0,
  discount: 0,
  manual: 0,
  net: 0,
  cost: 0,
});

function addFigures(sum: Figures, part: Figures): void {
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

function summarize({ list, adjustment, discount, net, cost }: Figures): AmountSummary {
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

const step = (
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
 * A line's list amount for the year: unit × quantity, and for ANNUAL × months / 12, or, for an
 * ANNUAL line with a period, its year prorated by days (a ONE_TIME unit is bought whole).
 */
function listOf(
  line: PreparedLine,
  unitMinor: number,
  quantity: number,
  months: number,
): { list: number; proration: Proration | null } {
  if (line.sku.billing !== 'ANNUAL') {
    return { list: ratio(unitMinor, quantity, 1), proration: null };
  }
  if (line.period === null) {
    // ANNUAL prices are per 12 months: prorated by month, rounded once.
    return { list: ratio(unitMinor, quantity * months, MONTHS_PER_YEAR), proration: null };
  }
  const proration = prorate({
    fullTermMinor: ratio(unitMinor, quantity, 1),
    termMonths: MONTHS_PER_YEAR,
    start: line.period.start,
    end: line.period.end,
  });
  // Several whole terms of a large amount could sum past a safe integer.
  if (!Number.isSafeInteger(proration.amount_minor)) throw new TooLarge();
  return { list: proration.amount_minor, proration };
}

/**
 * The quantity each SKU's volume tier reads, per year: all the quote's lines of the SKU together
 * (issue 35: two lines of 300 are priced as 600), contract-priced lines left out as they take no
 * tier.
 */
type VolumeQuantities = ReadonlyMap<string, readonly number[]>;

function volumeQuantitiesOf(quote: PreparedQuote): VolumeQuantities {
  const totals = new Map<string, number[]>();
  for (const line of quote.lines) {
    if (line.sku.isBundle || line.contract !== null) continue;
    const sums = totals.get(line.sku.sku) ?? quote.monthsByYear.map(() => 0);
    line.quantities.forEach((quantity, year) => {
      sums[year] = plus(sums[year] ?? 0, quantity);
    });
    totals.set(line.sku.sku, sums);
  }
  return totals;
}

/** One year of a priced (non-bundle) line: the waterfall on its extended amount. */
function priceYear(
  line: PreparedLine,
  quote: PreparedQuote,
  yearIndex: number,
  volumes: VolumeQuantities,
): PricedYear {
  const { sku, contract } = line;
  const quantity = line.quantities[yearIndex] ?? 0;
  const months = quote.monthsByYear[yearIndex] ?? 0;
  const unitMinor = contract === null ? sku.unitPriceMinor : contract.unitMinor;
  const { list, proration } = listOf(line, unitMinor, quantity, months);

  // A contract's net price already holds the adjustment, volume and partner discounts it was
  // sold with: only the manual discount is applied again.
  const adjustmentBp = contract === null ? quote.adjustmentBp : 0;
  const volumeBp =
    contract === null ? tierBp(sku, volumes.get(sku.sku)?.[yearIndex] ?? quantity) : 0;
  const partnerBp = contract === null ? sku.partnerBp : 0;
  // A typed unit list price (issue 19) is the line's price: the step carries what it changes,
  // the list the line would have at that price less the catalogue's, so a line priced at a
  // typed price comes to the cent to one priced at the same catalogue price.
  const typedUnit = line.adjustedUnitMinor;
  const adjustment =
    typedUnit === null
      ? share(list, adjustmentBp)
      : listOf(line, typedUnit, quantity, months).list - list;
  const adjusted = plus(list, adjustment);
  const volume = share(adjusted, volumeBp);
  const afterVolume = adjusted - volume;
  const partner = share(afterVolume, partnerBp);
  const afterPartner = afterVolume - partner;
  const manual = share(afterPartner, line.manualBp);
  const net = afterPartner - manual;
  const cost =
    proration === null
      ? yearCost(sku, quantity, yearIndex)
      : proratedCost(sku, quantity, proration);

  const waterfall = [
    step('LIST', null, list, list),
    step('PRICE_ADJUSTMENT', typedUnit === null ? adjustmentBp : null, adjustment, adjusted),
    step('VOLUME', volumeBp, -volume, afterVolume),
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
      waterfall,
    },
    figures: { list, adjustment, discount: volume + partner + manual, manual, net, cost },
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
      waterfall: [],
    },
    figures: zeroFigures(),
    proration: null,
  };
}

interface PricedLine {
  result: LineResult;
  figures: Figures;
  /** Per year, for the quote's per-year totals. */
  yearFigures: Figures[];
}

function priceLine(
  line: PreparedLine,
  quote: PreparedQuote,
  volumes: VolumeQuantities,
): PricedLine {
  const { sku, contract } = line;
  const years = quote.monthsByYear.map((_, index) =>
    sku.isBundle ? bundleYear(line, quote, index) : priceYear(line, quote, index, volumes),
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
      unit_list_price_minor: sku.unitPriceMinor,
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
    },
    figures,
    yearFigures: years.map((year) => year.figures),
  };
}

function totalsOf(quote: PreparedQuote, pricedLines: PricedLine[]): PricingResult {
  const total = zeroFigures();
  const perYear = quote.monthsByYear.map(zeroFigures);
  const rollups = new Map<string, Figures>();
  for (const { result, figures, yearFigures } of pricedLines) {
    addFigures(total, figures);
    yearFigures.forEach((year, index) => {
      const sum = perYear[index];
      if (sum) addFigures(sum, year);
    });
    if (result.parent_line_id !== null) {
      const rollup = rollups.get(result.parent_line_id) ?? zeroFigures();
      addFigures(rollup, figures);
      rollups.set(result.parent_line_id, rollup);
    }
  }
  for (const { result } of pricedLines) {
    if (result.is_bundle) result.rollup = summarize(rollups.get(result.line_id) ?? zeroFigures());
  }
  return {
    currency_code: quote.currencyCode,
    years: quote.years,
    lines: pricedLines.map((line) => line.result),
    totals: {
      ...summarize(total),
      per_year: perYear.map((year, index) => ({
        year: index + 1,
        list_minor: year.list,
        net_minor: year.net,
      })),
    },
    // From the quote currency back to USD: one rounding, on the total.
    net_usd_minor: ratio(total.net, MICRO_PER_UNIT, quote.rateMicro),
  };
}

/**
 * Prices a quote. Bad input gives `{ ok: false, errors }` with every problem found (see
 * PRICING_MESSAGES); otherwise `{ ok: true, result }` with lines in input order.
 */
export function priceQuote(input: PricingInput): PricingOutcome {
  const prepared = preparePricing(input);
  if (!prepared.ok) return prepared;
  const { quote } = prepared;

  const errors: PricingError[] = [];
  const pricedLines: PricedLine[] = [];
  let volumes: VolumeQuantities;
  try {
    volumes = volumeQuantitiesOf(quote);
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { ok: false, errors: [{ field: 'lines', message: PRICING_MESSAGES.quoteTooLarge }] };
  }
  for (const line of quote.lines) {
    try {
      pricedLines.push(priceLine(line, quote, volumes));
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      errors.push({
        line_id: line.lineId,
        field: 'quantities',
        message: PRICING_MESSAGES.lineTooLarge,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  try {
    return { ok: true, result: totalsOf(quote, pricedLines) };
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { ok: false, errors: [{ field: 'lines', message: PRICING_MESSAGES.quoteTooLarge }] };
  }
}

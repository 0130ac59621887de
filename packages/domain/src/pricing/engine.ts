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
 *
 * Issue 35: a SKU's unit list may come from a pricing method (a percent of the lines it covers,
 * a block price, cost plus a markup), its volume discount from a range or slab schedule over the
 * quote's units (of the SKU or its family), and a term discount follows it. Percent-of-total
 * lines are priced after the lines they cover.
 */
import { prorate, type Proration } from '../renewals/proration.ts';
import { BP_PER_WHOLE, divideRoundHalfAway, MICRO_PER_UNIT, multiplyRatio } from './decimal.ts';
import {
  blockFor,
  coveredPart,
  percentOfTotalUnit,
  scheduleRate,
  type CoveredBase,
} from './method-prices.ts';
import type {
  AmountSummary,
  LineResult,
  LineYearResult,
  PricingError,
  PricingInput,
  PricingMethodResult,
  PricingOutcome,
  PricingResult,
  WaterfallStep,
} from './model.ts';
import type { PreparedLine, PreparedQuote, PreparedSku } from './prepared.ts';
import { COST_SCALE, MONTHS_PER_YEAR } from './pricing-limits.ts';
import { PRICING_MESSAGES } from './pricing-messages.ts';
import { preparePricing } from './validate.ts';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Thrown inside the engine when a figure would not fit a safe integer; never escapes it. */
class TooLarge extends Error {}

/** Thrown inside the engine for a line the catalogue cannot price; never escapes it. */
class LineProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

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
type VolumeQuantities = ReadonlyMap<string, readonly number[]>;

const takesVolume = (line: PreparedLine) =>
  !line.sku.isBundle && line.contract === null && line.sku.method.kind !== 'BLOCK';

function volumeQuantitiesOf(quote: PreparedQuote): VolumeQuantities {
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

interface PricedLine {
  result: LineResult;
  figures: Figures;
  /** Per year, for the quote's per-year totals. */
  yearFigures: Figures[];
  /** Priced per 12 months: what a percent-of-total line covering it reads per year. */
  annual: boolean;
}

/** The unit list a line is priced at, and how it was worked out when not from the price row. */
interface LineUnit {
  unitMinor: number;
  method: PricingMethodResult | null;
}

function priceLine(
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

function totalsOf(
  quote: PreparedQuote,
  pricedLines: PricedLine[],
): Omit<PricingResult, 'price_book' | 'notices'> {
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

/** The unit list of a line whose SKU is not percent-of-total priced. */
function directUnit(line: PreparedLine): LineUnit {
  const { sku } = line;
  const { method } = sku;
  if (line.contract !== null) return { unitMinor: line.contract.unitMinor, method: null };
  if (method.kind === 'COST_PLUS') {
    return {
      unitMinor: method.unitMinor,
      method: {
        method: 'COST_PLUS',
        percent_bp: method.markupBp,
        base_unit_minor: method.unitCostMinor,
        covered_units: null,
        bound: null,
        block: null,
      },
    };
  }
  if (method.kind === 'BLOCK') {
    const firstQuantity = line.quantities.find((quantity) => quantity > 0) ?? 0;
    const block = firstQuantity > 0 ? blockFor(method.blocks, firstQuantity) : undefined;
    return {
      unitMinor: block?.priceMinor ?? 0,
      method: {
        method: 'BLOCK',
        percent_bp: null,
        base_unit_minor: null,
        covered_units: null,
        bound: null,
        block: block
          ? { min_quantity: block.min, max_quantity: block.max, price_minor: block.priceMinor }
          : null,
      },
    };
  }
  return { unitMinor: sku.unitPriceMinor, method: null };
}

/** The quote's lines by SKU, model and family, so covered lines are found without a scan. */
interface LineIndex {
  all: readonly PreparedLine[];
  bySku: Map<string, PreparedLine[]>;
  byModel: Map<string, PreparedLine[]>;
  byFamily: Map<string, PreparedLine[]>;
}

function indexLines(lines: readonly PreparedLine[]): LineIndex {
  const index: LineIndex = {
    all: lines,
    bySku: new Map(),
    byModel: new Map(),
    byFamily: new Map(),
  };
  const add = (map: Map<string, PreparedLine[]>, key: string | null, line: PreparedLine) => {
    if (key === null) return;
    const group = map.get(key);
    if (group) group.push(line);
    else map.set(key, [line]);
  };
  for (const line of lines) {
    add(index.bySku, line.sku.sku, line);
    add(index.byModel, line.sku.model, line);
    add(index.byFamily, line.sku.family, line);
  }
  return index;
}

/**
 * The lines a percent-of-total SKU covers: by SKU, model, family or the whole quote, of the kinds
 * named; never bundles or lines of the SKU itself. The same for every line of the SKU.
 */
function coveredLines(sku: PreparedSku, index: LineIndex): PreparedLine[] {
  const { method } = sku;
  if (method.kind !== 'PERCENT_OF_TOTAL') return [];
  let candidates: readonly PreparedLine[];
  switch (method.scope) {
    case 'SKU':
      candidates = [...method.skus].flatMap((code) => index.bySku.get(code) ?? []);
      break;
    case 'MODEL':
      candidates = sku.model === null ? [] : (index.byModel.get(sku.model) ?? []);
      break;
    case 'FAMILY':
      candidates = sku.family === null ? [] : (index.byFamily.get(sku.family) ?? []);
      break;
    case 'QUOTE':
      candidates = index.all;
      break;
  }
  return candidates.filter(
    (other) =>
      !other.sku.isBundle &&
      other.sku.sku !== sku.sku &&
      (method.kinds === null || method.kinds.has(other.sku.kind)),
  );
}

/**
 * A percent-of-total line's unit list: its share of the net per unit of the lines it covers
 * (per 12 months for ANNUAL ones), held within its floor and ceiling; its price row when the
 * quote covers nothing (a renewal of support alone).
 */
function percentOfTotalUnitOf(line: PreparedLine, covered: readonly PricedLine[]): LineUnit {
  const { method } = line.sku;
  if (method.kind !== 'PERCENT_OF_TOTAL')
    return { unitMinor: line.sku.unitPriceMinor, method: null };
  const base: CoveredBase = { scaledNet: 0n, units: 0 };
  for (const priced of covered) {
    const part = coveredPart(priced.annual, priced.result.years);
    base.scaledNet += part.scaledNet;
    base.units = plus(base.units, part.units);
  }
  const result: PricingMethodResult = {
    method: 'PERCENT_OF_TOTAL',
    percent_bp: method.bp,
    base_unit_minor: null,
    covered_units: base.units,
    bound: null,
    block: null,
  };
  if (base.units === 0) {
    return { unitMinor: line.sku.unitPriceMinor, method: { ...result, bound: 'NO_COVERED_LINE' } };
  }
  const { unitMinor, baseUnitMinor } = percentOfTotalUnit(base, method.bp);
  if (unitMinor > MAX_SAFE || baseUnitMinor > MAX_SAFE) throw new TooLarge();
  result.base_unit_minor = Number(baseUnitMinor);
  let unit = Number(unitMinor);
  if (method.floorMinor !== null && unit < method.floorMinor) {
    unit = method.floorMinor;
    result.bound = 'FLOOR';
  } else if (method.ceilingMinor !== null && unit > method.ceilingMinor) {
    unit = method.ceilingMinor;
    result.bound = 'CEILING';
  }
  return { unitMinor: unit, method: result };
}

/** A line's pricing, or what stops it, kept apart so one bad line does not hide the others. */
type LineOutcome = { ok: true; line: PricedLine } | { ok: false; error: PricingError };

function tryPricing(line: PreparedLine, price: () => PricedLine): LineOutcome {
  try {
    return { ok: true, line: price() };
  } catch (error) {
    if (error instanceof LineProblem) {
      return {
        ok: false,
        error: { line_id: line.lineId, field: error.field, message: error.message },
      };
    }
    if (!(error instanceof TooLarge)) throw error;
    const message = PRICING_MESSAGES.lineTooLarge;
    return { ok: false, error: { line_id: line.lineId, field: 'quantities', message } };
  }
}

/**
 * Every line priced: first those whose price depends on no other line, then percent-of-total
 * lines once every line they cover is priced. Lines that cover each other are refused.
 */
function priceLines(quote: PreparedQuote, volumes: VolumeQuantities): LineOutcome[] {
  const outcomes = new Map<PreparedLine, LineOutcome>();
  const index = indexLines(quote.lines);
  // Per percent-of-total SKU: the lines it covers, then the unit list they give it.
  const coveredBySku = new Map<string, PreparedLine[]>();
  const unitBySku = new Map<string, LineUnit>();
  const waiting: PreparedLine[] = [];
  for (const line of quote.lines) {
    const dependsOnOthers = line.contract === null && line.sku.method.kind === 'PERCENT_OF_TOTAL';
    if (dependsOnOthers) {
      waiting.push(line);
      if (!coveredBySku.has(line.sku.sku)) {
        coveredBySku.set(line.sku.sku, coveredLines(line.sku, index));
      }
    } else {
      outcomes.set(
        line,
        tryPricing(line, () => priceLine(line, quote, volumes, directUnit(line))),
      );
    }
  }
  let pending = waiting;
  while (pending.length > 0) {
    const stillWaiting: PreparedLine[] = [];
    for (const line of pending) {
      const covered = coveredBySku.get(line.sku.sku) ?? [];
      if (!covered.every((other) => outcomes.has(other))) {
        stillWaiting.push(line);
        continue;
      }
      outcomes.set(
        line,
        tryPricing(line, () => {
          let unit = unitBySku.get(line.sku.sku);
          if (!unit) {
            const priced: PricedLine[] = [];
            for (const other of covered) {
              const outcome = outcomes.get(other);
              if (outcome?.ok) priced.push(outcome.line);
            }
            unit = percentOfTotalUnitOf(line, priced);
            unitBySku.set(line.sku.sku, unit);
          }
          return priceLine(line, quote, volumes, unit);
        }),
      );
    }
    if (stillWaiting.length === pending.length) {
      // What is left covers itself through others: name the SKUs, once per line.
      const message = PRICING_MESSAGES.coverCycle(
        [...new Set(stillWaiting.map((line) => line.sku.sku))].sort(),
      );
      for (const line of stillWaiting) {
        outcomes.set(line, { ok: false, error: { line_id: line.lineId, field: 'sku', message } });
      }
      break;
    }
    pending = stillWaiting;
  }
  return quote.lines.map((line) => outcomes.get(line) as LineOutcome);
}

/**
 * Prices a quote. Bad input gives `{ ok: false, errors }` with every problem found (see
 * PRICING_MESSAGES); otherwise `{ ok: true, result }` with lines in input order.
 */
export function priceQuote(input: PricingInput): PricingOutcome {
  const prepared = preparePricing(input);
  if (!prepared.ok) return prepared;
  const { quote } = prepared;

  let volumes: VolumeQuantities;
  try {
    volumes = volumeQuantitiesOf(quote);
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { ok: false, errors: [{ field: 'lines', message: PRICING_MESSAGES.quoteTooLarge }] };
  }
  const errors: PricingError[] = [];
  const pricedLines: PricedLine[] = [];
  for (const outcome of priceLines(quote, volumes)) {
    if (outcome.ok) pricedLines.push(outcome.line);
    else errors.push(outcome.error);
  }
  if (errors.length > 0) return { ok: false, errors };
  try {
    const provenance = { price_book: input.price_book ?? null, notices: input.notices ?? [] };
    return { ok: true, result: { ...totalsOf(quote, pricedLines), ...provenance } };
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { ok: false, errors: [{ field: 'lines', message: PRICING_MESSAGES.quoteTooLarge }] };
  }
}

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
import { MICRO_PER_UNIT } from './decimal.ts';
import type { PricingError, PricingInput, PricingOutcome, PricingResult } from './model.ts';
import type { PreparedLine, PreparedQuote } from './prepared.ts';
import { PRICING_MESSAGES } from './pricing-messages.ts';
import { preparePricing } from './validate.ts';
import {
  TooLarge,
  LineProblem,
  ratio,
  type Figures,
  zeroFigures,
  addFigures,
  summarize,
} from './engine-figures.ts';
import {
  type VolumeQuantities,
  volumeQuantitiesOf,
  type PricedLine,
  type LineUnit,
  priceLine,
} from './price-line.ts';
import { directUnit, indexLines, coveredLines, percentOfTotalUnitOf } from './line-units.ts';

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

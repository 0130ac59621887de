/** Reads one line of a pricing input: quantities, manual discount, contract price, typed price, period. */
import { daysInclusive, dayNumber } from '../renewals/proration.ts';
import { BP_PER_WHOLE, multiplyRatio, parsePercentBp, type DecimalProblem } from './decimal.ts';
import { isWholeNumber } from './input-checks.ts';
import type { ContractPrice, PricedQuoteType, PricingError, PricingLine } from './model.ts';
import type { PreparedContractPrice, PreparedPeriod } from './prepared.ts';
import {
  MAX_ADJUSTED_UNIT_LIST_MINOR,
  MAX_DISCOUNT_BP,
  MAX_PERIOD_DAYS,
  MAX_QUANTITY,
  MAX_UPLIFT_BP,
} from './pricing-limits.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';
import type { QuoteTerms } from './read-quote.ts';

/** The line's quantity per priced year, or null after recording what is wrong. */
export function readQuantities(
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

export function readManualBp(line: PricingLine, errors: PricingError[]): number | null {
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
export function readContractPrice(
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
export function readAdjustedUnitList(
  line: PricingLine,
  errors: PricingError[],
): Reading<number | null> {
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
export function readPeriod(
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

import { divideRoundHalfAway, parseRateMicro } from '../pricing/decimal.ts';

/**
 * Converting quote amounts into a report currency (issue 19). A quote keeps the rate it was
 * priced at (units of its currency per 1 USD); its amount goes through USD at that rate and into
 * the report currency at the report currency's rate, on integers, rounded once, half away from
 * zero: amount × to / from. An amount already in the report currency is left as it is, whatever
 * the rates did since. The SQL of the reports repository does the same sum (convertedSumSql);
 * these functions are its reference, and the tests hold the two together.
 */

/** A rate as micro-units (units per 1 USD × 10^6); throws on text that is not a rate. */
export function rateMicroOf(rate: string): bigint {
  const parsed = parseRateMicro(rate);
  if (!parsed.ok) throw new RangeError(`Not an exchange rate: ${rate} (${parsed.message})`);
  return BigInt(parsed.value);
}

export interface ConversionRates {
  /** Units of the quote currency per 1 USD when the quote was priced. */
  from: string;
  /** Units of the report currency per 1 USD today. */
  to: string;
}

/**
 * `amountMinor` (minor units of the quote currency) in minor units of the report currency:
 * amount × to / from, rounded half away from zero. Throws on an amount that is not a safe
 * integer or a result beyond one.
 */
export function convertMinor(
  amountMinor: number,
  fromCurrency: string,
  toCurrency: string,
  rates: ConversionRates,
): number {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money must be a safe integer of minor units: ${amountMinor}`);
  }
  if (fromCurrency === toCurrency) return amountMinor;
  const converted = divideRoundHalfAway(
    BigInt(amountMinor) * rateMicroOf(rates.to),
    rateMicroOf(rates.from),
  );
  if (converted > BigInt(Number.MAX_SAFE_INTEGER) || converted < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Converted amount is beyond a safe integer: ${converted}`);
  }
  return Number(converted);
}

/**
 * A sum of amounts that share a quote currency and rate, converted once: summing first and
 * rounding once is exact for the sum (no rounding per quote to add up), and is what the SQL does
 * per currency and rate before adding the groups together.
 */
export function convertGroupedSum(
  groups: readonly { amountMinor: number; currency: string; rate: string }[],
  toCurrency: string,
  toRate: string,
): number {
  const byRate = new Map<string, { currency: string; rate: string; sum: number }>();
  for (const group of groups) {
    const key = `${group.currency}\u0000${rateMicroOf(group.rate)}`;
    const entry = byRate.get(key) ?? { currency: group.currency, rate: group.rate, sum: 0 };
    entry.sum += group.amountMinor;
    byRate.set(key, entry);
  }
  let total = 0;
  for (const { currency, rate, sum } of byRate.values()) {
    total += convertMinor(sum, currency, toCurrency, { from: rate, to: toRate });
  }
  return total;
}

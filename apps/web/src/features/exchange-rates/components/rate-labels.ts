import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';

/** How the exchange-rate screen writes rates, changes and days. */

/** A rate's six-decimal text with the zeros past the second decimal dropped: "0.920000" → "0.92". */
export function formatRate(text: string): string {
  const [whole = text, fraction = ''] = text.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A calendar date as the app shows them (DD-MMM-YYYY); the text itself if it is not one. */
export const formatDay = (iso: string) => formatContractStartDate(iso) ?? iso;

/**
 * How far a rate moved from the one before, in percent with two decimals and a sign ("+1.25 %");
 * null without one before. A rise is more of the currency per dollar: the currency got weaker.
 */
export function rateChange(rate: string, previous: string | null | undefined): string | null {
  if (!previous) return null;
  const from = Number(previous);
  const to = Number(rate);
  if (!(from > 0) || !Number.isFinite(to)) return null;
  const percent = ((to - from) / from) * 100;
  const rounded = Math.round(percent * 100) / 100;
  if (rounded === 0) return '0.00 %';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)} %`;
}

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

import { BP_PER_WHOLE, multiplyRatio, parseScaledDecimal } from '@bastion/domain/pricing/decimal';
import { usdProblem } from '@bastion/domain/validation/amounts';

export { isSamePercent, percentProblem, usdProblem } from '@bastion/domain/validation/amounts';

/*
 * The checks the server makes on margin data (apps/server/src/features/margin-data), run as the
 * user types so a mistake shows beside the field before anything is sent. Same rules, same words.
 */

/** Cents as the text a cost field starts with: 123450 → "1234.50". */
export function centsText(minor: number | null): string {
  if (minor === null) return '';
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Cents from valid dollar text, else null. */
export function centsOf(text: string): number | null {
  if (usdProblem(text, 'Cost') !== null) return null;
  const parsed = parseScaledDecimal(text, 2);
  return parsed.ok ? parsed.value : null;
}

/** Cost as a share of list price, "41.15" (%), as the server works it out; null without both. */
export function impliedPercent(costMinor: number | null, listMinor: number | null): string | null {
  if (costMinor === null || listMinor === null || listMinor <= 0) return null;
  const bp = multiplyRatio(costMinor, BP_PER_WHOLE, listMinor);
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

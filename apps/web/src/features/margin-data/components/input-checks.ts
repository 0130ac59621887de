import { BP_PER_WHOLE, multiplyRatio, parseScaledDecimal } from '@bastion/domain/pricing/decimal';
import { supportCaseCostMinor } from '@bastion/domain/pricing/support-cases';
import {
  CASES_DECIMALS,
  casesPerYearProblem,
  usdProblem,
} from '@bastion/domain/validation/amounts';

export {
  casesPerYearProblem,
  isSamePercent,
  percentProblem,
  usdProblem,
} from '@bastion/domain/validation/amounts';

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

/** Thousandths of a case from valid cases-per-unit-year text ("0.4" → 400), else null. */
export function casesOf(text: string): number | null {
  if (casesPerYearProblem(text, 'Cases') !== null) return null;
  const parsed = parseScaledDecimal(text, CASES_DECIMALS);
  return parsed.ok ? parsed.value : null;
}

/** Cases × cost per case in cents, as quotes work it out; null unless both texts are valid. */
export function supportCaseCostOf(casesText: string, costText: string): number | null {
  const cost = centsOf(costText);
  if (casesOf(casesText) === null || cost === null) return null;
  return supportCaseCostMinor(casesText.trim(), cost);
}

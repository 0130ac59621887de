import { casesThousandthsOf, percentBpOf } from '@bastion/domain/margin-data/schemas';
import { BP_PER_WHOLE, multiplyRatio, parseScaledDecimal } from '@bastion/domain/pricing/decimal';
import { supportCaseCostMinor } from '@bastion/domain/pricing/support-cases';
import {
  CASES_DECIMALS,
  casesPerYearProblem,
  casesText,
  percentText,
  usdProblem,
} from '@bastion/domain/validation/amounts';

export { isSamePercent } from '@bastion/domain/validation/amounts';

/*
 * Figures as the margin pages show them while the user types: the same readings the server makes
 * (packages/domain), so what a row shows before saving is what it shows after.
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

/** Valid percentage text as the server stores it: "7.5" → "7.50". */
export const normalPercent = (text: string) => percentText(percentBpOf(text));

/** Valid cases text as the server stores it: "0.4" → "0.400". */
export const normalCases = (text: string) => casesText(casesThousandthsOf(text));

/** Cost as a share of list price, "41.15" (%), as the server works it out; null without both. */
export function impliedPercent(costMinor: number | null, listMinor: number | null): string | null {
  if (costMinor === null || listMinor === null || listMinor <= 0) return null;
  return percentText(multiplyRatio(costMinor, BP_PER_WHOLE, listMinor));
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

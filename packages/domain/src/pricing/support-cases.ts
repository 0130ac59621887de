import { multiplyRatio, parseScaledDecimal } from './decimal.ts';

/**
 * The support-case cost of one unit of a family's support for 12 months (mc-support-cases,
 * decision 010): the cases one unit raises in a year × the USD cost of handling one case,
 * rounded once, half away from zero, to the cent. It is added to the unit cost of the family's
 * SUPPORT SKUs before the markup. Null when the cases are not a number with at most 3 decimals.
 */
export function supportCaseCostMinor(
  casesPerUnitYear: string,
  costPerCaseUsdMinor: number,
): number | null {
  const cases = parseScaledDecimal(casesPerUnitYear, 3);
  if (!cases.ok || cases.value < 0 || !Number.isSafeInteger(costPerCaseUsdMinor)) return null;
  return multiplyRatio(costPerCaseUsdMinor, cases.value, 1000);
}

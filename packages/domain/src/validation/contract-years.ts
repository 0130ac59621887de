/**
 * Which years of a multi-year (ELA) contract exist (spec §9): year 1 always, each later year
 * once the contract runs past the previous one. Shipping and secure access gate their year
 * columns with this, and so may any formatter that prints a year-by-year table.
 */

export const MAX_CONTRACT_YEARS = 5;

export const CONTRACT_YEARS = [1, 2, 3, 4, 5] as const;
export type ContractYear = (typeof CONTRACT_YEARS)[number];

/** Months a contract must run beyond for the year to apply ("above 12" enables year 2). */
export const CONTRACT_YEAR_THRESHOLDS = {
  1: 0,
  2: 12,
  3: 24,
  4: 36,
  5: 48,
} as const satisfies Record<ContractYear, number>;

/** What may arrive as a contract length: months as a number, or as the text a Select holds. */
export type ContractLengthInput = number | string | null | undefined;

/** The contract length in months, or null when it is missing or not a number. */
export function contractLengthMonths(contractLength: ContractLengthInput): number | null {
  if (typeof contractLength === 'number') {
    return Number.isFinite(contractLength) ? contractLength : null;
  }
  // The recipe's contract_length lookup holds '12', '24'…: accept plain digits only.
  if (typeof contractLength === 'string' && /^\s*\d{1,4}\s*$/.test(contractLength)) {
    return Number(contractLength);
  }
  return null;
}

const isContractYear = (year: number): year is ContractYear =>
  (CONTRACT_YEARS as readonly number[]).includes(year);

/**
 * Year 1 always applies; year N (2…5) only when the contract runs more than
 * CONTRACT_YEAR_THRESHOLDS[N] months. An unknown length gives year 1 only.
 */
export function isContractYearEnabled(year: number, contractLength: ContractLengthInput): boolean {
  if (!isContractYear(year)) return false;
  if (year === 1) return true;
  const months = contractLengthMonths(contractLength);
  return months !== null && months > CONTRACT_YEAR_THRESHOLDS[year];
}

export function enabledContractYears(contractLength: ContractLengthInput): ContractYear[] {
  return CONTRACT_YEARS.filter((year) => isContractYearEnabled(year, contractLength));
}

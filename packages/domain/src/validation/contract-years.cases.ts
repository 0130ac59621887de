/**
 * Test cases for everything that applies per contract year: year N applies when the contract
 * runs beyond 12 × (N − 1) months. Each case is a year, a contract length in months on one side
 * of that year's boundary, and whether the year applies.
 */
export const CONTRACT_YEAR_BOUNDARIES: [year: number, months: number, applies: boolean][] = [
  [2, 12, false],
  [2, 13, true],
  [3, 24, false],
  [3, 25, true],
  [4, 36, false],
  [4, 37, true],
  [5, 48, false],
  [5, 49, true],
];

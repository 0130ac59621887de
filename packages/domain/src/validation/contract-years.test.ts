import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { CONTRACT_YEAR_BOUNDARIES } from './contract-years.cases.ts';
import {
  contractLengthMonths,
  enabledContractYears,
  isContractYearEnabled,
} from './contract-years.ts';

describe('isContractYearEnabled', () => {
  it.each([
    // Year 1 always, even without a length.
    [1, undefined, true],
    [1, 0, true],
    [1, 12, true],
    // Year N needs a contract running beyond 12 × (N − 1) months.
    ...CONTRACT_YEAR_BOUNDARIES,
    [5, 60, true],
    // At most five years, whole years only.
    [6, 120, false],
    [0, 60, false],
    [2.5, 60, false],
    // Lengths as a Select holds them.
    [4, '37', true],
    [4, '36', false],
    [2, 'twelve', false],
    [2, null, false],
    [2, Number.NaN, false],
  ])('year %s of a %j-month contract: %s', (year, months, expected) => {
    expect(isContractYearEnabled(year, months)).toBe(expected);
  });
});

describe('enabledContractYears', () => {
  it.each([
    [undefined, [1]],
    [12, [1]],
    [24, [1, 2]],
    [36, [1, 2, 3]],
    [48, [1, 2, 3, 4]],
    [49, [1, 2, 3, 4, 5]],
    ['60', [1, 2, 3, 4, 5]],
  ])('%j months → years %j', (months, years) => {
    expect(enabledContractYears(months)).toEqual(years);
  });
});

describe('contractLengthMonths', () => {
  itReturns('%j → %j', contractLengthMonths, [
    [36, 36],
    [' 36 ', 36],
    ['36 months', null],
    ['-12', null],
    ['', null],
    [Number.POSITIVE_INFINITY, null],
  ]);
});

import { describe, expect, it } from 'vitest';
import { supportCaseCostMinor } from './support-cases.ts';

describe('supportCaseCostMinor', () => {
  it.each([
    // 0.4 cases a year at $85.00 a case: $34.00.
    ['0.4', 8_500, 3_400],
    ['0.400', 8_500, 3_400],
    ['0', 8_500, 0],
    ['2', 0, 0],
    // 0.125 × $0.99 = 12.375 cents, rounded once, half away from zero.
    ['0.125', 99, 12],
    ['0.5', 1, 1],
    ['1000', 1_000_000_000, 1_000_000_000_000],
  ])('%s cases at %i cents → %i cents', (cases, cost, expected) => {
    expect(supportCaseCostMinor(cases, cost)).toBe(expected);
  });

  it.each([['0.0001'], ['-1'], ['x'], ['']])('has no cost for %j cases', (cases) => {
    expect(supportCaseCostMinor(cases, 8_500)).toBeNull();
  });
});

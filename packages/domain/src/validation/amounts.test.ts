import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  casesPerYearProblem,
  casesText,
  isSamePercent,
  percentProblem,
  percentText,
  usdProblem,
} from './amounts.ts';

describe('percentProblem', () => {
  it.each([
    ['12.5', 100, null],
    ['0', 100, null],
    ['100', 100, null],
    ['100.01', 100, 'Markup must be between 0 and 100 %.'],
    ['112', 200, null],
    ['-1', 100, 'Markup must be between 0 and 100 %.'],
    ['12.345', 100, 'Markup can have at most 2 decimals.'],
    ['12%', 100, 'Markup must be a number such as 12.5 (no % sign or commas).'],
    ['  ', 100, 'Markup is required: enter a percentage such as 12.5.'],
  ])('%j (max %i) → %j', (text, max, expected) => {
    expect(percentProblem(text, 'Markup', max)).toBe(expected);
  });
});

describe('usdProblem', () => {
  itReturns('%j → %j', (text: string) => usdProblem(text, 'Cost'), [
    ['1234.50', null],
    ['0', null],
    ['10000000.00', null],
    ['10000000.01', 'Cost can be at most 10,000,000.00 USD.'],
    ['-5', 'Cost cannot be negative.'],
    ['1.234', 'Cost can have at most 2 decimals (cents).'],
    [
      '$5',
      'Cost must be an amount in US dollars such as 1234.50 (digits and one decimal point, no $ or commas).',
    ],
    ['', 'Cost is required: enter US dollars such as 1234.50.'],
  ]);
});

describe('isSamePercent and percentText', () => {
  it.each([
    ['7.5', '7.50', true],
    ['7.5', '7.51', false],
    ['x', 'x', true],
  ])('%j and %j are the same: %s', (a, b, same) => {
    expect(isSamePercent(a, b)).toBe(same);
  });

  itReturns('%i bp is %j', percentText, [
    [1250, '12.50'],
    [0, '0.00'],
    [10000, '100.00'],
    [5, '0.05'],
  ]);
});

describe('casesPerYearProblem and casesText', () => {
  itReturns('%j → %j', (text: string) => casesPerYearProblem(text, 'Cases'), [
    ['0.25', null],
    ['0', null],
    ['1000', null],
    ['0.125', null],
    ['1000.001', 'Cases must be between 0 and 1,000.'],
    ['-0.5', 'Cases must be between 0 and 1,000.'],
    ['0.1234', 'Cases can have at most 3 decimals.'],
    ['1,5', 'Cases must be a number such as 0.25 (digits and one decimal point, no commas).'],
    [' ', 'Cases is required: enter a number of cases such as 0.25.'],
  ]);

  itReturns('%i thousandths → %j', casesText, [
    [250, '0.250'],
    [0, '0.000'],
    [1_000_000, '1000.000'],
    [1_500, '1.500'],
  ]);
});

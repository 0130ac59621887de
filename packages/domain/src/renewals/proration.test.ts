import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../format/currency.ts';
import { itReturns } from '../testing/cases.ts';
import {
  addMonths,
  daysInclusive,
  explainSegment,
  factorText,
  prorate,
  prorationProblem,
  termStart,
  trueUpOverage,
} from './proration.ts';

describe('calendar arithmetic', () => {
  itReturns('%j plus months is %j', ([iso, months]: [string, number]) => addMonths(iso, months), [
    [['2027-01-15', 1], '2027-02-15'],
    [['2027-01-31', 1], '2027-02-28'],
    [['2028-01-31', 1], '2028-02-29'],
    [['2028-02-29', 12], '2029-02-28'],
    [['2027-03-31', -1], '2027-02-28'],
    [['2027-12-31', 2], '2028-02-29'],
    [['2027-08-31', 1], '2027-09-30'],
  ]);

  itReturns(
    'the term of %j months ending %j starts on %j',
    ([months, end]: [number, string]) => termStart(end, months),
    [
      [[12, '2027-12-31'], '2027-01-01'],
      [[12, '2028-02-29'], '2027-03-01'],
      [[12, '2028-02-28'], '2027-03-01'],
      [[12, '2027-06-15'], '2026-06-16'],
      [[12, '2027-04-30'], '2026-05-01'],
      [[1, '2027-02-28'], '2027-02-01'],
      [[1, '2027-03-30'], '2027-03-01'],
      [[24, '2028-12-31'], '2027-01-01'],
    ],
  );

  itReturns(
    '%j has %i days, both ends counted',
    ([a, b]: [string, string]) => daysInclusive(a, b),
    [
      [['2027-01-01', '2027-01-01'], 1],
      [['2027-01-01', '2027-12-31'], 365],
      [['2028-01-01', '2028-12-31'], 366],
      [['2028-02-28', '2028-03-01'], 3],
      [['2027-02-28', '2027-03-01'], 2],
    ],
  );

  itReturns('factor %j', ([days, term]: [number, number]) => factorText(days, term), [
    [[1, 365], '0.002740'],
    [[365, 365], '1.000000'],
    [[1, 3], '0.333333'],
    [[2, 3], '0.666667'],
    [[92, 365], '0.252055'],
    [[0, 365], '0.000000'],
  ]);
});

describe('prorating a price by days', () => {
  const annual = 120_000; // $1,200.00 a year

  it.each([
    // [what, start, end, days used, days in term, factor, amount]
    ['one day', '2027-06-15', '2027-06-15', 1, 365, '0.002740', 329],
    ['the full term', '2027-01-01', '2027-12-31', 365, 365, '1.000000', 120_000],
    ['a term holding 29 February', '2028-01-01', '2028-12-31', 366, 366, '1.000000', 120_000],
    ['the leap day alone', '2028-02-29', '2028-02-29', 1, 366, '0.002732', 328],
    ['a quarter to the year end', '2027-10-01', '2027-12-31', 92, 365, '0.252055', 30_247],
    ['from a month end', '2027-01-31', '2027-04-30', 90, 365, '0.246575', 29_589],
    ['over 29 February', '2028-02-01', '2028-03-31', 60, 366, '0.163934', 19_672],
  ])('%s: %s to %s', (_what, start, end, daysUsed, daysInTerm, factor, amount) => {
    const result = prorate({ fullTermMinor: annual, termMonths: 12, start, end });
    expect(result.segments).toHaveLength(1);
    expect(result.segments[0]).toMatchObject({
      days_used: daysUsed,
      days_in_term: daysInTerm,
      factor,
      amount_minor: amount,
    });
    expect(result.amount_minor).toBe(amount);
  });

  it('cuts a multi-year period from its end into whole terms and a prorated first part (a multi-year ELA co-term)', () => {
    const result = prorate({
      fullTermMinor: annual,
      termMonths: 12,
      start: '2027-07-01',
      end: '2029-09-30',
    });
    expect(
      result.segments.map((s) => [s.start, s.end, s.days_used, s.days_in_term, s.amount_minor]),
    ).toEqual([
      ['2027-07-01', '2027-09-30', 92, 365, 30_247],
      ['2027-10-01', '2028-09-30', 366, 366, 120_000],
      ['2028-10-01', '2029-09-30', 365, 365, 120_000],
    ]);
    expect(result.amount_minor).toBe(270_247);
  });

  it('rounds each amount once, from the days, half away from zero', () => {
    // $0.01 × 183 / 365 = 0.5014 cents → 1 cent; the factor shown is rounded, the amount is not
    // worked from it.
    expect(
      prorate({ fullTermMinor: 1, termMonths: 12, start: '2027-01-01', end: '2027-07-02' }),
    ).toMatchObject({ amount_minor: 1 });
    expect(
      prorate({ fullTermMinor: -120_000, termMonths: 12, start: '2027-10-01', end: '2027-12-31' })
        .amount_minor,
    ).toBe(-30_247);
  });

  it('prorates a monthly price by the days of its month', () => {
    const result = prorate({
      fullTermMinor: 3_100,
      termMonths: 1,
      start: '2027-02-10',
      end: '2027-02-28',
    });
    expect(result.segments[0]).toMatchObject({
      days_used: 19,
      days_in_term: 28,
      amount_minor: 2_104,
    });
  });

  it.each([
    [{ start: '2027-02-30', end: '2027-03-01' }, 'Enter the start date as a real calendar date.'],
    [{ start: '2027-01-01', end: '31-12-2027' }, 'Enter the end date as a real calendar date.'],
    [{ start: '2027-12-31', end: '2027-01-01' }, 'The end date is before the start date.'],
    [{ fullTermMinor: 10.5 }, 'The price must be a whole number of cents.'],
    [{ termMonths: 0 }, 'The term must be a whole number of months from 1 to 60.'],
  ])('refuses %j: %s', (change, message) => {
    const input = {
      fullTermMinor: 100,
      termMonths: 12,
      start: '2027-01-01',
      end: '2027-12-31',
      ...change,
    };
    expect(prorationProblem(input)).toBe(message);
    expect(() => prorate(input)).toThrow(message);
  });

  it('explains a line so a buyer can recompute it by hand', () => {
    const [segment] = prorate({
      fullTermMinor: annual,
      termMonths: 12,
      start: '2027-10-01',
      end: '2027-12-31',
    }).segments;
    expect(explainSegment(segment!, (minor) => formatCurrency(minor, 'USD'))).toBe(
      '$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = $302.47',
    );
  });
});

describe('true-up overage', () => {
  it('quotes 120 devices over a 1,000-device entitlement from the measurement to the contract end', () => {
    const result = trueUpOverage({
      entitled: 1_000,
      measured: 1_120,
      unitAnnualMinor: 2_500,
      measuredOn: '2027-07-01',
      contractEnd: '2027-12-31',
    });
    expect(result.overage).toBe(120);
    expect(result.proration?.segments[0]).toMatchObject({
      full_term_minor: 300_000,
      days_used: 184,
      days_in_term: 365,
      amount_minor: 151_233,
    });
  });

  it('quotes nothing at or under the entitlement, and refuses negative usage', () => {
    const base = {
      entitled: 1_000,
      unitAnnualMinor: 2_500,
      measuredOn: '2027-07-01',
      contractEnd: '2027-12-31',
    };
    expect(trueUpOverage({ ...base, measured: 1_000 })).toEqual({ overage: 0, proration: null });
    expect(() => trueUpOverage({ ...base, measured: -1 })).toThrow(
      'The measured usage must be a whole number of 0 or more.',
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { formatContractStartDate, parseContractStartDate } from './contract-dates.ts';

describe('formatContractStartDate (spec §9)', () => {
  itReturns('%j → %j', formatContractStartDate, [
    ['2026-03-05', '05-Mar-2026'],
    ['2026-01-31', '31-Jan-2026'],
    ['2026-12-01', '01-Dec-2026'],
    ['2024-02-29', '29-Feb-2024'],
    ['2000-02-29', '29-Feb-2000'],
    ['1900-02-29', null],
    ['2026-02-29', null],
    ['2026-04-31', null],
    ['2026-00-10', null],
    ['2026-13-01', null],
    ['2026-03-00', null],
    ['2026-03-32', null],
    ['0000-01-01', null],
    ['0001-01-01', '01-Jan-0001'],
    ['9999-12-31', '31-Dec-9999'],
    // Longer ISO strings count by their first 10 characters, with no time zone shift.
    ['2026-03-05T23:30:00Z', '05-Mar-2026'],
    ['2026-03-05T23:30:00-05:00', '05-Mar-2026'],
    ['2026-03-05 00:00:00.000', '05-Mar-2026'],
    ['2026-03-05garbage', '05-Mar-2026'],
    [' 2026-03-05 ', '05-Mar-2026'],
    ['2026-3-5', null],
    ['26-03-05', null],
    ['05-03-2026', null],
    ['05-Mar-2026', null],
    ['2026/03/05', null],
    ['２０２６-03-05', null],
    ['', null],
    [null, null],
    [undefined, null],
  ]);
});

describe('parseContractStartDate', () => {
  itReturns('%j → %j', parseContractStartDate, [
    ['05-Mar-2026', '2026-03-05'],
    ['5-mar-2026', '2026-03-05'],
    ['29-FEB-2024', '2024-02-29'],
    [' 31-Dec-1999 ', '1999-12-31'],
    ['29-Feb-2026', null],
    ['31-Apr-2026', null],
    ['00-Jan-2026', null],
    ['05-Mrz-2026', null],
    ['05-March-2026', null],
    ['05-03-2026', null],
    ['2026-03-05', null],
    ['', null],
    [null, null],
  ]);

  it('undoes formatContractStartDate for every date of years 1–9999', () => {
    const isoDate = fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(isoDate, (iso) => {
        const display = formatContractStartDate(iso);
        expect(display).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
        expect(parseContractStartDate(display)).toBe(iso);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  isValidCalendarDate,
} from './date-time.ts';

/** Epoch seconds of an ISO instant, so the tables read as dates. */
const at = (iso: string) => Date.parse(iso) / 1000;

/** One test per case that `format` shows the ISO instant in the time zone as expected. */
const itFormats = (
  format: (epochSeconds: number, timeZone?: string) => string,
  cases: [iso: string, timeZone: string | undefined, expected: string][],
) =>
  it.each(cases)('%s in %s → %s', (iso, timeZone, expected) => {
    expect(format(at(iso), timeZone)).toBe(expected);
  });

describe('formatDateTime (spec §9 "DD-MMM-yyyy hh:mm A z")', () => {
  itFormats(formatDateTime, [
    ['2026-03-05T14:07:00Z', 'UTC', '05-Mar-2026 02:07 PM UTC'],
    // AM/PM boundaries: the 12-hour clock has no hour 0.
    ['2026-03-05T00:00:00Z', 'UTC', '05-Mar-2026 12:00 AM UTC'],
    ['2026-03-05T00:05:00Z', 'UTC', '05-Mar-2026 12:05 AM UTC'],
    ['2026-03-05T00:59:59Z', 'UTC', '05-Mar-2026 12:59 AM UTC'],
    ['2026-03-05T01:00:00Z', 'UTC', '05-Mar-2026 01:00 AM UTC'],
    ['2026-03-05T11:59:59Z', 'UTC', '05-Mar-2026 11:59 AM UTC'],
    ['2026-03-05T12:00:00Z', 'UTC', '05-Mar-2026 12:00 PM UTC'],
    ['2026-03-05T12:30:00Z', 'UTC', '05-Mar-2026 12:30 PM UTC'],
    ['2026-03-05T13:00:00Z', 'UTC', '05-Mar-2026 01:00 PM UTC'],
    ['2026-03-05T23:59:59Z', 'UTC', '05-Mar-2026 11:59 PM UTC'],
    ['2028-02-29T18:45:00Z', 'UTC', '29-Feb-2028 06:45 PM UTC'],
    ['1970-01-01T00:00:00Z', 'UTC', '01-Jan-1970 12:00 AM UTC'],
    ['1969-12-31T23:59:59Z', 'UTC', '31-Dec-1969 11:59 PM UTC'],
    // Time zones move the date as well as the hour.
    ['2026-01-15T04:30:00Z', 'America/New_York', '14-Jan-2026 11:30 PM EST'],
    ['2026-07-01T04:30:00Z', 'America/New_York', '01-Jul-2026 12:30 AM EDT'],
    ['2026-03-08T06:59:00Z', 'America/New_York', '08-Mar-2026 01:59 AM EST'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '08-Mar-2026 03:00 AM EDT'],
    ['2026-03-05T07:59:00Z', 'America/Los_Angeles', '04-Mar-2026 11:59 PM PST'],
    ['2026-03-05T08:00:00Z', 'America/Los_Angeles', '05-Mar-2026 12:00 AM PST'],
    ['2026-03-05T18:30:00Z', 'Asia/Kolkata', '06-Mar-2026 12:00 AM GMT+5:30'],
    ['2026-12-31T15:00:00Z', 'Asia/Tokyo', '01-Jan-2027 12:00 AM GMT+9'],
    ['2026-12-31T14:59:00Z', 'Asia/Tokyo', '31-Dec-2026 11:59 PM GMT+9'],
    ['2026-03-05T14:07:00Z', 'Etc/UTC', '05-Mar-2026 02:07 PM UTC'],
    ['0001-01-01T00:00:00Z', 'UTC', '01-Jan-0001 12:00 AM UTC'],
    ['9999-12-31T23:59:59Z', 'UTC', '31-Dec-9999 11:59 PM UTC'],
  ]);

  it('uses UTC by default', () => {
    expect(formatDateTime(at('2026-03-05T14:07:00Z'))).toBe('05-Mar-2026 02:07 PM UTC');
  });

  it('drops fractions of a second instead of rounding up', () => {
    expect(formatDateTime(at('2026-03-05T14:07:59Z') + 0.999)).toBe('05-Mar-2026 02:07 PM UTC');
  });

  it.each<[number | null | undefined, string]>([
    [Number.NaN, 'UTC'],
    [Number.POSITIVE_INFINITY, 'UTC'],
    [Number.NEGATIVE_INFINITY, 'UTC'],
    [null, 'UTC'],
    [undefined, 'UTC'],
    [1e15, 'UTC'],
    [at('0001-01-01T00:00:00Z') - 1, 'UTC'],
    [at('10000-01-01T00:00:00Z'), 'UTC'],
    // Still 1 AD in UTC, but 1 BC in New York.
    [at('0001-01-01T02:00:00Z'), 'America/New_York'],
    [at('2026-03-05T14:07:00Z'), 'Not/A_Zone'],
    [at('2026-03-05T14:07:00Z'), ''],
  ])('%j in %j is empty', (epochSeconds, timeZone) => {
    expect(formatDateTime(epochSeconds, timeZone)).toBe('');
    expect(formatDate(epochSeconds, timeZone)).toBe('');
  });
});

describe('formatDate', () => {
  itFormats(formatDate, [
    ['2026-03-05T14:07:00Z', undefined, '05-Mar-2026'],
    ['2024-02-29T23:59:59Z', 'UTC', '29-Feb-2024'],
    ['2026-03-05T02:00:00Z', 'America/Los_Angeles', '04-Mar-2026'],
    ['2026-03-05T20:00:00Z', 'Asia/Tokyo', '06-Mar-2026'],
  ]);
});

describe('calendar dates', () => {
  it.each([
    [2026, 3, 5, '05-Mar-2026'],
    [2024, 2, 29, '29-Feb-2024'],
    [999, 12, 31, '31-Dec-0999'],
    [2026, 2, 29, ''],
    [2026, 13, 1, ''],
    [2026, 0, 1, ''],
    [0, 1, 1, ''],
    [10000, 1, 1, ''],
    [2026, 1.5, 1, ''],
  ])('%i-%i-%i → %j', (year, month, day, expected) => {
    expect(formatCalendarDate(year, month, day)).toBe(expected);
    expect(isValidCalendarDate(year, month, day)).toBe(expected !== '');
  });

  it.each([
    [2024, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2026, 2, 28],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

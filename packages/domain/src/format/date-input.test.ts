import { describe, expect, it } from 'vitest';
import {
  dateInputText,
  isUnreadableDate,
  parseDateInput,
  type DateInputResult,
} from './date-input.ts';

const date = (iso: string): DateInputResult => ({ kind: 'date', iso });
const invalid: DateInputResult = { kind: 'invalid' };

describe('parseDateInput', () => {
  it.each<[string, DateInputResult]>([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['15-Mar-2027', date('2027-03-15')],
    ['5-mar-2027', date('2027-03-05')],
    ['05 MAR 2027', date('2027-03-05')],
    ['15/Mar/2027', date('2027-03-15')],
    ['15 March 2027', date('2027-03-15')],
    ['15-Sep.-2027', date('2027-09-15')],
    [' 2027-03-15 ', date('2027-03-15')],
    ['29-Feb-2028', date('2028-02-29')],
    // Not a day of the calendar.
    ['29-Feb-2027', invalid],
    ['31-Apr-2027', invalid],
    ['2027-13-01', invalid],
    ['0-Jan-2027', invalid],
    // Ambiguous or unknown forms.
    ['03/04/2027', invalid],
    ['15-Mrz-2027', invalid],
    ['15-Mar-27', invalid],
    ['Mar 15, 2027', invalid],
    ['tomorrow', invalid],
  ])('%j → %j', (text, expected) => {
    expect(parseDateInput(text)).toEqual(expected);
  });
});

describe('dateInputText', () => {
  it.each<[string | null | undefined, string]>([
    ['2027-03-15', '15-Mar-2027'],
    ['2028-02-29', '29-Feb-2028'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    // What the user typed and the field could not read stays for them to correct.
    ['15-Mrz-2027', '15-Mrz-2027'],
    ['2027-02-30', '2027-02-30'],
  ])('%j → %j', (value, text) => {
    expect(dateInputText(value)).toBe(text);
  });

  it('reads back every day it writes, across four years', () => {
    const start = Date.UTC(2027, 0, 1);
    for (let day = 0; day < 4 * 366; day++) {
      const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      expect(parseDateInput(dateInputText(iso))).toEqual(date(iso));
    }
  });
});

describe('isUnreadableDate', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['2027-03-15', false],
    ['2027-02-30', true],
    ['15-Mar-2027', true],
    ['15-Mar', true],
  ])('%j → %s', (value, unreadable) => {
    expect(isUnreadableDate(value)).toBe(unreadable);
  });
});

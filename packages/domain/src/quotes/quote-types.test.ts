import { describe, expect, it } from 'vitest';
import {
  DEAL_TYPE_CODES,
  dealTypeCode,
  dealTypeName,
  isArchivedStatus,
  isDealTypeCode,
  parseQuoteStatus,
  parseQuoteType,
  QUOTE_STATUSES,
  QUOTE_TYPES,
  type QuoteStatus,
} from './quote-types.ts';

describe('quote types and statuses (spec §1, §4)', () => {
  it('lists the three quote types and nine working statuses', () => {
    expect(QUOTE_TYPES).toEqual(['STANDARD', 'ELA', 'LEGACY']);
    expect(QUOTE_STATUSES).toEqual([
      'INCOMPLETE',
      'SH_HW_CONFIG',
      'TNC',
      'PENDING_APPROVAL',
      'BUDGETARY',
      'REJECTED',
      'APPROVED',
      'ACCEPTED',
      'COMPLETED',
    ]);
  });

  it.each([
    ['STANDARD', 'STANDARD'],
    ['ela', 'ELA'],
    [' LEGACY ', 'LEGACY'],
    ['MULTI_YEAR', null],
    ['', null],
    [null, null],
  ])('parseQuoteType(%j) is %j', (value, expected) => {
    expect(parseQuoteType(value)).toBe(expected);
  });

  it.each<[string | undefined, QuoteStatus | null]>([
    ...QUOTE_STATUSES.map((status): [string, QuoteStatus] => [status, status]),
    ['pending_approval', 'PENDING_APPROVAL'],
    [' TNC', 'TNC'],
    ['ARCHIVED', null],
    ['PENDING APPROVAL', null],
    [undefined, null],
  ])('parseQuoteStatus(%j) is %j', (value, expected) => {
    expect(parseQuoteStatus(value)).toBe(expected);
  });

  it.each([
    ['ARCHIVED', true],
    ['archived ', true],
    ['APPROVED', false],
    [null, false],
  ])('isArchivedStatus(%j) is %s', (value, expected) => {
    expect(isArchivedStatus(value)).toBe(expected);
  });
});

describe('deal types (spec §4)', () => {
  it.each([
    ['NB', 'New Business'],
    ['U', 'Upsell'],
    ['R', 'Renewal'],
    ['TU', 'True-up'],
    ['S', 'Subscription'],
    ['E', 'Existing Business'],
    ['C', 'Cross-Sell'],
  ] as const)('%s is %s, both ways', (code, name) => {
    expect(isDealTypeCode(code)).toBe(true);
    expect(dealTypeName(code)).toBe(name);
    expect(dealTypeCode(name)).toBe(code);
    expect(dealTypeName(name)).toBe(name);
    expect(dealTypeCode(code)).toBe(code);
  });

  it('has exactly the seven codes of the spec', () => {
    expect(DEAL_TYPE_CODES).toEqual(['NB', 'U', 'R', 'TU', 'S', 'E', 'C']);
  });

  it.each([
    ['nb', 'NB'],
    [' tu ', 'TU'],
    ['True up', 'TU'],
    ['TRUE_UP', 'TU'],
    ['cross sell', 'C'],
    ['new-business', 'NB'],
    ['existing  business', 'E'],
    ['Downsell', null],
    ['X', null],
    ['', null],
    ['---', null],
    [null, null],
  ])('dealTypeCode(%j) is %j', (value, expected) => {
    expect(dealTypeCode(value)).toBe(expected);
  });

  it.each(['nb', 'New Business ', 'NB '])('isDealTypeCode(%j) is false: codes are exact', (v) => {
    expect(isDealTypeCode(v)).toBe(false);
  });

  it('dealTypeName is null for an unknown code', () => {
    expect(dealTypeName('ZZ')).toBeNull();
    expect(dealTypeName(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
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

  itReturns('parseQuoteType(%j) is %j', parseQuoteType, [
    ['STANDARD', 'STANDARD'],
    ['ela', 'ELA'],
    [' LEGACY ', 'LEGACY'],
    ['MULTI_YEAR', null],
    ['', null],
    [null, null],
  ]);

  itReturns('parseQuoteStatus(%j) is %j', parseQuoteStatus, [
    ...QUOTE_STATUSES.map((status): [string, QuoteStatus] => [status, status]),
    ['pending_approval', 'PENDING_APPROVAL'],
    [' TNC', 'TNC'],
    ['ARCHIVED', null],
    ['PENDING APPROVAL', null],
    [undefined, null],
  ]);

  itReturns('isArchivedStatus(%j) is %s', isArchivedStatus, [
    ['ARCHIVED', true],
    ['archived ', true],
    ['APPROVED', false],
    [null, false],
  ]);
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

  itReturns('dealTypeCode(%j) is %j', dealTypeCode, [
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
  ]);

  it.each(['nb', 'New Business ', 'NB '])('isDealTypeCode(%j) is false: codes are exact', (v) => {
    expect(isDealTypeCode(v)).toBe(false);
  });

  it('dealTypeName is null for an unknown code', () => {
    expect(dealTypeName('ZZ')).toBeNull();
    expect(dealTypeName(undefined)).toBeNull();
  });
});

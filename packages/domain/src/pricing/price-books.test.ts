import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  bookCurrencyProblem,
  bookMatchesFacts,
  bookSpecificity,
  describeBookMatch,
  isBookInEffect,
  PRICE_BOOK_MESSAGES,
  resolvePriceBook,
  type PriceBookCandidate,
  type PriceBookFacts,
} from './price-books.ts';

const book = (name: string, fields: Partial<PriceBookCandidate> = {}): PriceBookCandidate => ({
  name,
  segment: null,
  region: null,
  sales_channel: null,
  partner_type: null,
  priority: 0,
  effective_from: '2026-01-01',
  effective_to: null,
  is_active: true,
  ...fields,
});

const facts = (
  fields: Partial<Record<keyof PriceBookFacts, string | null>> = {},
): PriceBookFacts => ({
  segment: null,
  region: null,
  sales_channel: 'DIRECT',
  partner_type: null,
  ...fields,
});

const DAY = '2026-06-15';

describe('bookMatchesFacts', () => {
  it.each([
    ['a book for any quote', {}, {}, true],
    ['the same segment', { segment: 'Public sector' }, { segment: 'Public sector' }, true],
    [
      'a segment in another case, with spaces',
      { segment: ' public SECTOR ' },
      { segment: 'Public sector' },
      true,
    ],
    ['another segment', { segment: 'Education' }, { segment: 'Public sector' }, false],
    ['a segment the quote has not', { segment: 'Education' }, { segment: null }, false],
    ['a blank fact', { segment: 'Education' }, { segment: '  ' }, false],
    ['a blank field is any', { segment: '' }, { segment: 'Education' }, true],
    ['a region by its canonical name', { region: 'NA' }, { region: 'North America' }, true],
    ['a region alias on the quote', { region: 'APJ' }, { region: 'apac' }, true],
    ['another region', { region: 'EMEA' }, { region: 'APJ' }, false],
    ['the channel', { sales_channel: 'T1' }, { sales_channel: 't1' }, true],
    ['another channel', { sales_channel: 'T1' }, { sales_channel: 'T2' }, false],
    [
      'every field set and matching',
      { segment: 'Education', region: 'EMEA', sales_channel: 'T1', partner_type: 'PREMIER' },
      { segment: 'education', region: 'emea', sales_channel: 'T1', partner_type: 'premier' },
      true,
    ],
    [
      'one field of four not matching',
      { segment: 'Education', region: 'EMEA', sales_channel: 'T1', partner_type: 'PREMIER' },
      { segment: 'Education', region: 'EMEA', sales_channel: 'T1', partner_type: 'GOLD' },
      false,
    ],
  ] as const)('%s', (_, fields, quoteFacts, expected) => {
    expect(bookMatchesFacts(book('B', fields), facts(quoteFacts))).toBe(expected);
  });
});

describe('isBookInEffect', () => {
  it.each([
    ['from its first day', { effective_from: DAY }, true],
    ['not before it starts', { effective_from: '2026-06-16' }, false],
    ['open-ended', { effective_to: null }, true],
    ['until the day before its end (exclusive)', { effective_to: '2026-06-16' }, true],
    ['not on its end day', { effective_to: DAY }, false],
    ['not once inactive', { is_active: false }, false],
  ] as const)('%s', (_, fields, expected) => {
    expect(isBookInEffect(book('B', fields), DAY)).toBe(expected);
  });
});

describe('bookSpecificity', () => {
  itReturns('%j: %s', (fields: Partial<PriceBookCandidate>) => bookSpecificity(book('B', fields)), [
    [{}, 0],
    [{ segment: 'Education' }, 1],
    [{ segment: ' ', region: '' }, 0],
    [{ sales_channel: 'T1', partner_type: 'PREMIER' }, 2],
    [{ segment: 'Education', region: 'EMEA', sales_channel: 'T1', partner_type: 'PREMIER' }, 4],
  ]);
});

describe('resolvePriceBook', () => {
  const publicSector = book('Public sector', { segment: 'Public sector', priority: 10 });
  const education = book('Education', { segment: 'Education', priority: 10 });
  const partnerPremier = book('Partner Premier', {
    sales_channel: 'T1',
    partner_type: 'PREMIER',
    priority: 5,
  });
  const emeaPublic = book('EMEA public sector', {
    segment: 'Public sector',
    region: 'EMEA',
    priority: 10,
  });
  const urgent = book('Urgent', { segment: 'Public sector', priority: 20 });
  const everyone = book('Everyone', { priority: 1 });
  const later = book('Next year', {
    segment: 'Public sector',
    priority: 50,
    effective_from: '2027-01-01',
  });
  const ended = book('Last year', {
    segment: 'Public sector',
    priority: 50,
    effective_to: '2026-01-01',
  });
  const off = book('Switched off', { segment: 'Public sector', priority: 50, is_active: false });

  it.each([
    ['no book: the standard list', [], facts({ segment: 'Public sector' }), null],
    [
      'none matches: the standard list',
      [publicSector, education],
      facts({ segment: 'Retail' }),
      null,
    ],
    ['a quote without a segment keeps the list', [publicSector, education], facts(), null],
    ['its segment', [publicSector, education], facts({ segment: 'Education' }), 'Education'],
    [
      'the partner type on its channel',
      [publicSector, partnerPremier],
      facts({ sales_channel: 'T1', partner_type: 'PREMIER' }),
      'Partner Premier',
    ],
    [
      'not the partner type on another channel',
      [partnerPremier],
      facts({ sales_channel: 'T2', partner_type: 'PREMIER' }),
      null,
    ],
    [
      'the higher priority before the more specific',
      [emeaPublic, urgent],
      facts({ segment: 'Public sector', region: 'EMEA' }),
      'Urgent',
    ],
    [
      'at the same priority, the more specific',
      [publicSector, emeaPublic],
      facts({ segment: 'Public sector', region: 'EMEA' }),
      'EMEA public sector',
    ],
    [
      'the more specific only where it matches',
      [publicSector, emeaPublic],
      facts({ segment: 'Public sector', region: 'APJ' }),
      'Public sector',
    ],
    [
      'a book for everyone loses to a matching one of higher priority',
      [everyone, publicSector],
      facts({ segment: 'Public sector' }),
      'Public sector',
    ],
    ['a book for everyone prices the rest', [everyone, publicSector], facts(), 'Everyone'],
    [
      'not a book that starts later, ended or is inactive',
      [later, ended, off, publicSector],
      facts({ segment: 'Public sector' }),
      'Public sector',
    ],
  ] as const)('%s', (_, books, quoteFacts, expected) => {
    expect(resolvePriceBook(books, quoteFacts, DAY)?.name ?? null).toBe(expected);
  });

  it('breaks a tie of priority and specificity by name, whatever the order', () => {
    const alpha = book('alpha', { segment: 'Education', priority: 3 });
    const beta = book('Beta', { segment: 'Education', priority: 3 });
    const quote = facts({ segment: 'Education' });
    expect(resolvePriceBook([alpha, beta], quote, DAY)?.name).toBe('alpha');
    expect(resolvePriceBook([beta, alpha], quote, DAY)?.name).toBe('alpha');
  });

  it('reads the day: a book that starts later prices quotes dated from then', () => {
    expect(
      resolvePriceBook([publicSector, later], facts({ segment: 'Public sector' }), '2027-01-01')
        ?.name,
    ).toBe('Next year');
  });

  it('hands back the caller’s own object, with its other fields', () => {
    const withId = { ...education, id: 'b-1' };
    expect(resolvePriceBook([withId], facts({ segment: 'Education' }), DAY)).toBe(withId);
  });
});

describe('bookCurrencyProblem', () => {
  const named = { name: 'Public sector' };
  it.each([
    ['entries in the currency', ['USD', 'EUR'], 'EUR', null],
    ['the currency in another case', ['eur'], 'EUR', null],
    ['no entries at all: nothing to say', [], 'EUR', null],
    [
      'entries, none in the currency',
      ['USD', 'GBP'],
      'EUR',
      'Price book Public sector has no EUR prices.',
    ],
  ] as const)('%s', (_, currencies, currency, expected) => {
    expect(bookCurrencyProblem(named, currencies, currency)).toBe(expected);
  });

  it('reads any iterable, such as a set', () => {
    expect(bookCurrencyProblem(named, new Set(['USD']), 'GBP')).toBe(
      PRICE_BOOK_MESSAGES.noCurrencyPrices('Public sector', 'GBP'),
    );
  });
});

describe('describeBookMatch', () => {
  itReturns(
    '%j: %s',
    (fields: Partial<PriceBookCandidate>) => describeBookMatch(book('B', fields)),
    [
      [{}, 'Every quote'],
      [{ segment: 'Public sector' }, 'Segment Public sector'],
      [{ sales_channel: 'T1', partner_type: 'PREMIER' }, 'Channel T1 · Partner type PREMIER'],
    ],
  );
});

import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  accountResult,
  groupSearchResults,
  moveSearchHighlight,
  opportunityResult,
  quoteResult,
  skuResult,
  userResult,
} from './results.ts';
import { searchKindsFor } from './kinds.ts';
import { ZSearchBody, type SearchResult } from './schemas.ts';
import {
  asQuoteNumber,
  prefixTsQuery,
  quoteNumberPrefix,
  quoteNumberUpperBound,
  searchTermsOf,
} from './terms.ts';

const firstIssue = (input: unknown) => {
  const parsed = ZSearchBody.safeParse(input);
  return parsed.success ? 'ok' : (parsed.error.issues[0]?.message ?? '');
};

describe('the search query', () => {
  itReturns('%j is %s', firstIssue, [
    [{ query: 'ac' }, 'ok'],
    [{ query: '  Q-2026-000123 ' }, 'ok'],
    [{ query: 'a' }, 'Type at least 2 characters to search.'],
    [{ query: '  a  ' }, 'Type at least 2 characters to search.'],
    [{ query: '' }, 'Type at least 2 characters to search.'],
    [{ query: 'x'.repeat(100) }, 'ok'],
    [{ query: 'x'.repeat(101) }, 'Keep the search under 100 characters.'],
    // Spaces collapse before the length counts.
    [{ query: `ab${' '.repeat(200)}cd` }, 'ok'],
    [{}, 'Type something to search for.'],
    [{ query: 42 }, 'Type something to search for.'],
    [{ query: 'acme', limit_per_kind: 0 }, 'Ask for 1 to 20 results of each kind.'],
    [{ query: 'acme', limit_per_kind: 21 }, 'Ask for 1 to 20 results of each kind.'],
    [{ query: 'acme', limit_per_kind: 2.5 }, 'Ask for 1 to 20 results of each kind.'],
    [{ query: 'acme', limit_per_kind: 20 }, 'ok'],
  ]);

  it('trims, collapses spaces and asks for 5 of each kind by default', () => {
    expect(ZSearchBody.parse({ query: '  Acme \t  Corp\n' })).toEqual({
      query: 'Acme Corp',
      limit_per_kind: 5,
    });
  });
});

const quote = {
  id: '7f0c1c1e-0000-4000-8000-000000000001',
  quote_number: 'Q-2026-000123',
  quote_name: 'Firewall refresh',
  account_name: 'Acme Corp',
  partner_name: '',
  quote_type: 'STANDARD',
  deal_type: 'NB',
  status_id: 'INCOMPLETE',
};

describe('what each result shows and opens', () => {
  it.each<[string, SearchResult, Omit<SearchResult, 'kind' | 'id'>]>([
    [
      'a quote being configured opens its configure page',
      quoteResult(quote),
      {
        title: 'Q-2026-000123 · Firewall refresh',
        subtitle: 'Acme Corp · Incomplete',
        path: `/cpq/configure-quote/${quote.id}/STANDARD`,
      },
    ],
    [
      'an approved partner quote opens its summary and names the partner',
      quoteResult({ ...quote, status_id: 'APPROVED', partner_name: 'Apex Resellers' }),
      {
        title: 'Q-2026-000123 · Firewall refresh',
        subtitle: 'Acme Corp · via Apex Resellers · Approved',
        path: `/cpq/quote-summary/${quote.id}/STANDARD`,
      },
    ],
    [
      'a renewal being configured opens the renewal configurator',
      quoteResult({ ...quote, is_renewal: true, deal_type: 'R' }),
      {
        title: 'Q-2026-000123 · Firewall refresh',
        subtitle: 'Acme Corp · Incomplete',
        path: `/cpq/configure-renewal-quote/${quote.id}/R`,
      },
    ],
    [
      'an opportunity opens the grid of its quotes',
      opportunityResult({
        id: '006 A/1',
        name: 'Branch security',
        account_name: 'Acme Corp',
        region: 'EMEA',
      }),
      {
        title: 'Branch security',
        subtitle: 'Acme Corp · EMEA · 006 A/1',
        path: '/cpq/grid/quotes/006%20A%2F1/ref',
      },
    ],
    [
      'an account opens the quotes grid searching for its name',
      accountResult({ id: '001X', name: 'Müller & Söhne GmbH', region: '' }),
      {
        title: 'Müller & Söhne GmbH',
        subtitle: 'Account',
        path: '/cpq/grid/quotes/ref?q=M%C3%BCller%20%26%20S%C3%B6hne%20GmbH',
      },
    ],
    [
      'a SKU opens the catalogue naming it',
      skuResult({ sku: 'BX-1200-HW', name: 'Bastion 1200 appliance' }),
      {
        title: 'BX-1200-HW',
        subtitle: 'Bastion 1200 appliance',
        path: '/commcat/grid/catalog/ref?sku=BX-1200-HW',
      },
    ],
    [
      'a user opens their detail page',
      userResult({
        email: 'ann+x@bastion.test',
        first_name: 'Ann',
        last_name: ' Lee',
        is_disabled: false,
      }),
      {
        title: 'Ann Lee',
        subtitle: 'ann+x@bastion.test',
        path: '/cpq/user-detail/ann%2Bx%40bastion.test/ref',
      },
    ],
    [
      'a user without a name shows their e-mail address, and says when disabled',
      userResult({ email: 'bo@bastion.test', first_name: '', last_name: '', is_disabled: true }),
      {
        title: 'bo@bastion.test',
        subtitle: 'Disabled',
        path: '/cpq/user-detail/bo%40bastion.test/ref',
      },
    ],
  ])('%s', (_title, result, expected) => {
    expect(result).toMatchObject(expected);
  });
});

describe('grouping', () => {
  const one = (kind: SearchResult['kind'], id: string): SearchResult => ({
    kind,
    id,
    title: id,
    subtitle: '',
    path: '/',
  });

  it('lists the kinds that found something in a fixed order, with headings', () => {
    const groups = groupSearchResults({
      user: [one('user', 'u')],
      quote: [one('quote', 'q1'), one('quote', 'q2')],
      account: [],
    });
    expect(groups.map((g) => [g.label, g.results.map((r) => r.id)])).toEqual([
      ['Quotes', ['q1', 'q2']],
      ['Users', ['u']],
    ]);
  });

  it('is empty when nothing was found', () => {
    expect(groupSearchResults({ quote: [], sku: [] })).toEqual([]);
  });
});

describe('moving through the results with the keyboard', () => {
  itReturns(
    'from %j, pressing %s among %i results highlights %i',
    ([current, key, count]: [number, string, number]) => moveSearchHighlight(current, key, count),
    [
      [[-1, 'ArrowDown', 3], 0],
      [[0, 'ArrowDown', 3], 1],
      [[2, 'ArrowDown', 3], 0],
      [[-1, 'ArrowUp', 3], 2],
      [[0, 'ArrowUp', 3], 2],
      [[2, 'ArrowUp', 3], 1],
      [[1, 'Home', 3], 0],
      [[0, 'End', 3], 2],
      [[5, 'a', 3], 2],
      [[1, 'a', 3], 1],
      [[0, 'ArrowDown', 0], -1],
      [[-1, 'ArrowUp', 0], -1],
    ],
  );
});

describe('what a user searches through', () => {
  const none = {
    can_see_quotes: false,
    has_catalog_role: false,
    is_root_admin: false,
    is_user_admin: false,
  };
  itReturns(
    '%j searches %s',
    (flags: Partial<typeof none>) => searchKindsFor({ ...none, ...flags }).join(','),
    [
      [{ can_see_quotes: true }, 'quote,opportunity,account'],
      [{ has_catalog_role: true }, 'sku'],
      [{ is_user_admin: true }, 'user'],
      [{ can_see_quotes: true, is_user_admin: true }, 'quote,opportunity,account,user'],
      [{ is_root_admin: true }, 'sku,user'],
      [{ is_root_admin: true, can_see_quotes: true }, 'quote,opportunity,account,sku,user'],
      [{}, ''],
    ],
  );
});

describe('the terms a query is matched by', () => {
  itReturns('%j matches the prefixes %j', prefixTsQuery, [
    ['Nortwind tradrs', 'nortwind:* & tradrs:*'],
    ['  NOR  ', 'nor:*'],
    ["O'Brien & Co | x", 'o:* & brien:* & co:* & x:*'],
    ['Q-2026-000123', 'q:* & 2026:* & 000123:*'],
    ['Müller Söhne', 'müller:* & söhne:*'],
    ['acme acme ACME', 'acme:*'],
    ['a b c d e f g h i j', 'a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*'],
    ['!!! --- ***', null],
    [":* & | ! ( ) '", null],
  ]);

  itReturns('%j reads as quote number %s', asQuoteNumber, [
    [' q-2026-000123 ', 'Q-2026-000123'],
    ['Acme', 'ACME'],
  ]);
});

describe('quote numbers in a query', () => {
  itReturns('%j starts quote numbers with %j', quoteNumberPrefix, [
    ['q-2026-000123', 'Q-2026-000123'],
    [' Q-2026-00 ', 'Q-2026-00'],
    ['Q-2026-', 'Q-2026-'],
    ['Q-2026', 'Q-2026'],
    ['Q-20', null],
    ['Q-2026-12a', null],
    ['Quote 2026', null],
    ['000123', null],
  ]);

  itReturns('quote numbers starting %j sort before %j', quoteNumberUpperBound, [
    ['Q-2026-0199', 'Q-2026-02'],
    ['Q-2026-0001', 'Q-2026-0002'],
    ['Q-2026-', 'Q-2027'],
    ['Q-2029-99', 'Q-203'],
    ['Q-9999', null],
  ]);

  it('match numbers by number, not by words', () => {
    expect(searchTermsOf('q-2026-0001', 5)).toEqual({
      text: 'q-2026-0001',
      upperText: 'Q-2026-0001',
      prefixQuery: null,
      quoteNumberPrefix: 'Q-2026-0001',
      limit: 5,
    });
    expect(searchTermsOf('000123', 3)).toMatchObject({
      prefixQuery: null,
      quoteNumberPrefix: null,
    });
    expect(searchTermsOf('Acme 2026', 5)).toMatchObject({
      prefixQuery: 'acme:* & 2026:*',
      quoteNumberPrefix: null,
    });
  });
});

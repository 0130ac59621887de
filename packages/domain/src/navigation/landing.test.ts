import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { isSafeReturnPath, resolveLandingPath } from './landing.ts';
import type { MenuItem } from './menus.ts';

describe('isSafeReturnPath', () => {
  itReturns('%j is safe: %s', isSafeReturnPath, [
    ['/cpq/grid/quotes/ref', true],
    ['/cpq/quote-summary/123/STANDARD?tab=2#lines', true],
    ['/commcat/grid/catalog/ref', true],
    ['', false],
    ['cpq/grid/quotes/ref', false],
    ['https://evil.example/cpq', false],
    ['//evil.example/cpq', false],
    ['/\\evil.example', false],
    ['/cpq\\..\\x', false],
    ['/cpq/\nx', false],
    ['/cpq/\tx', false],
    ['javascript:alert(1)', false],
    ['/login', false],
    ['/login?next=/cpq', false],
    ['/', false],
    ['/forgot', false],
    ['/reset-password/', false],
    ['/profile', false],
    [`/${'x'.repeat(3000)}`, false],
  ]);
});

function item(id: number, parent: number | null, code: string, link: string | null, extra = {}) {
  return {
    id,
    parent_id: parent,
    tier: parent === null ? 1 : parent < 10 ? 2 : 3,
    code,
    label: code,
    link,
    is_default: false,
    context: code === 'COMM_CAT' || parent === 2 ? 'commcat' : 'cpq',
    sort_order: id,
    ...extra,
  } satisfies MenuItem;
}

const CPQ = item(1, null, 'CPQ', null);
const QUOTES = item(3, 1, 'QUOTES', '/cpq/grid/quotes/ref', { is_default: true });
const APPROVALS = item(4, 1, 'APPROVALS', '/cpq/grid/quote-approvals/ref');
const ADMIN = item(5, 1, 'ADMINISTRATION', null);
const USERS = item(20, 5, 'USERS', '/cpq/grid/users/ref');
const RENEWALS = item(8, 1, 'RENEWALS', '/cpq/grid/renewals/ref');
const COMM_CAT = item(2, null, 'COMM_CAT', null);
const CATALOG = item(6, 2, 'CATALOG', '/commcat/grid/catalog/ref');
const SKU = item(7, 2, 'SKU_PRICING', '/commcat/skupricing/ref', { is_default: true });

const seller = { is_approver: false, can_see_quotes: true, is_renewal_user: false };
const approver = { is_approver: true, can_see_quotes: false, is_renewal_user: false };
const nonQuoter = { is_approver: false, can_see_quotes: false, is_renewal_user: false };
const renewals = { is_approver: false, can_see_quotes: true, is_renewal_user: true };

describe('resolveLandingPath (spec §2 "Landing after login")', () => {
  it.each<[string, string | null, MenuItem[], typeof seller, string]>([
    [
      'the page asked for comes first',
      '/cpq/quote-summary/9/ELA',
      [CPQ, QUOTES],
      seller,
      '/cpq/quote-summary/9/ELA',
    ],
    [
      'a seller: the default CPQ menu',
      null,
      [CPQ, QUOTES, APPROVALS],
      seller,
      '/cpq/grid/quotes/ref',
    ],
    [
      'an approver: the approvals grid',
      null,
      [CPQ, APPROVALS],
      approver,
      '/cpq/grid/quote-approvals/ref',
    ],
    [
      'an approver who can see quotes: still the approvals grid',
      null,
      [CPQ, QUOTES, APPROVALS],
      { is_approver: true, can_see_quotes: true, is_renewal_user: false },
      '/cpq/grid/quote-approvals/ref',
    ],
    [
      'a renewal user: the renewals desk, not the quotes grid',
      null,
      [CPQ, QUOTES, APPROVALS, RENEWALS],
      renewals,
      '/cpq/grid/renewals/ref',
    ],
    [
      'a renewal user whose renewals menu is switched off: the default CPQ menu',
      null,
      [CPQ, QUOTES, APPROVALS],
      renewals,
      '/cpq/grid/quotes/ref',
    ],
    [
      'an approver who is also a renewal user: the approvals grid',
      null,
      [CPQ, QUOTES, APPROVALS, RENEWALS],
      { ...renewals, is_approver: true },
      '/cpq/grid/quote-approvals/ref',
    ],
    [
      'a user who cannot see quotes and has approvals',
      null,
      [CPQ, APPROVALS],
      nonQuoter,
      '/cpq/grid/quote-approvals/ref',
    ],
    [
      'a user who cannot see quotes nor approvals: the first reachable menu',
      null,
      [CPQ, ADMIN, USERS],
      nonQuoter,
      '/cpq/grid/users/ref',
    ],
    [
      'COMM_CAT: the catalog, not its default menu',
      null,
      [COMM_CAT, SKU, CATALOG],
      nonQuoter,
      '/commcat/grid/catalog/ref',
    ],
    [
      'COMM_CAT without the catalog: its default menu',
      null,
      [COMM_CAT, SKU],
      nonQuoter,
      '/commcat/skupricing/ref',
    ],
    [
      'the first top menu wins',
      null,
      [{ ...COMM_CAT, sort_order: 0 }, CATALOG, CPQ, QUOTES],
      seller,
      '/commcat/grid/catalog/ref',
    ],
    [
      'a group that leads nowhere is skipped',
      null,
      [CPQ, COMM_CAT, CATALOG],
      seller,
      '/commcat/grid/catalog/ref',
    ],
    [
      'a link saved without its slash still works',
      null,
      [CPQ, { ...QUOTES, link: 'cpq/grid/quotes/ref' }],
      seller,
      '/cpq/grid/quotes/ref',
    ],
    ['no menus at all', null, [], seller, '/no-menus'],
  ])('%s', (_label, requestedPath, menus, flags, expected) => {
    expect(resolveLandingPath({ requestedPath, menus, flags })).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../permissions/flags.ts';
import type { RoleEntry, RoleValue } from '../permissions/roles.ts';
import { filterMenus, type MenuItem } from './menus.ts';

let nextId = 1;
function menu(
  code: string,
  parent: MenuItem | null,
  link: string | null = null,
  extra: Partial<MenuItem> = {},
): MenuItem {
  return {
    id: nextId++,
    parent_id: parent?.id ?? null,
    tier: parent ? parent.tier + 1 : 1,
    code,
    label: code,
    link,
    is_default: false,
    context: parent?.context ?? code.toLowerCase(),
    sort_order: nextId,
    ...extra,
  };
}

/** The margin-data pages: under CPQ, and again in the catalogue with codes prefixed CATALOG_. */
const MARGIN_PAGES = [
  ['MC_HW_SKU_COSTS', 'mc-hw-sku-costs/all'],
  ['MC_COST_LOOKUP', 'mc-cost-lookup'],
  ['MC_MARKUP', 'mc-markup'],
  ['MC_DURATION_DEPRECIATION', 'mc-duration-depreciation'],
  ['MC_SUPPORT_CASES', 'mc-support-cases'],
] as const;
const marginPages = (parent: MenuItem, prefix: '' | 'CATALOG_', base: '/cpq' | '/commcat') =>
  MARGIN_PAGES.map(([code, path]) => menu(`${prefix}${code}`, parent, `${base}/${path}/ref`));

// The shipped tree (packages/db reference data), rebuilt here because domain reads no database.
const cpq = menu('CPQ', null, null, { context: 'cpq' });
const admin = menu('ADMINISTRATION', cpq);
const commCat = menu('COMM_CAT', null, null, { context: 'commcat' });
const marginData = menu('MARGIN_DATA', cpq);
const catalogMarginData = menu('CATALOG_MARGIN_DATA', commCat);
const TREE: MenuItem[] = [
  cpq,
  menu('QUOTES', cpq, '/cpq/grid/quotes/ref', { is_default: true }),
  menu('APPROVALS', cpq, '/cpq/grid/quote-approvals/ref'),
  menu('RENEWALS', cpq, '/cpq/grid/renewals/ref'),
  menu('REPORTS', cpq, '/cpq/report/quotes/ref'),
  menu('GLOBAL_ACCOUNTS', cpq, '/cpq/gam-account/ref'),
  admin,
  menu('USERS', admin, '/cpq/grid/users/ref'),
  menu('APP_SETTINGS', admin, '/cpq/app-settings'),
  menu('CRM', admin, '/cpq/sfdc'),
  menu('APPROVAL_ADMIN', admin, '/cpq/manage-approval-admin/new/ref'),
  menu('TERMS_ADMIN', admin, '/cpq/terms-condition'),
  menu('CONFIG_ADMIN', admin, '/cpq/config-admin'),
  menu('APPROVAL_SKUS', admin, '/cpq/ps-approval-sku/ref'),
  menu('BROADCASTS', admin, '/cpq/manage-broadcast/all/ref'),
  menu('WEBHOOKS', admin, '/cpq/webhooks'),
  marginData,
  ...marginPages(marginData, '', '/cpq'),
  menu('EXCHANGE_RATES', marginData, '/cpq/exchange-rates/ref'),
  commCat,
  menu('CATALOG', commCat, '/commcat/grid/catalog/ref', { is_default: true }),
  menu('PRODUCT_HIERARCHY', commCat, '/commcat/producthierarchy/ref'),
  menu('SKU_PRICING', commCat, '/commcat/skupricing/ref'),
  menu('PRICE_BOOKS', commCat, '/commcat/price-books/ref'),
  menu('DISCOUNT_SCHEDULES', commCat, '/commcat/discount-schedules/ref'),
  catalogMarginData,
  ...marginPages(catalogMarginData, 'CATALOG_', '/commcat'),
  menu('CATALOG_EXCHANGE_RATES', catalogMarginData, '/commcat/exchange-rates/ref'),
  menu('CATALOG_APPROVAL_SKUS', commCat, '/commcat/ps-approval-sku/ref'),
  menu('PRODUCT_RULES', commCat, '/commcat/product-rules/ref'),
];

const MARGIN_MENUS = ['MARGIN_DATA', 'EXCHANGE_RATES', ...MARGIN_PAGES.map(([code]) => code)];
const CATALOG_MARGIN_MENUS = [
  'CATALOG_APPROVAL_SKUS',
  'CATALOG_MARGIN_DATA',
  'CATALOG_EXCHANGE_RATES',
  ...MARGIN_PAGES.map(([code]) => `CATALOG_${code}`),
];
/** What the deal desk sees without the approvals queue, and what a catalog admin sees. */
const DEAL_DESK_MENUS = [
  'ADMINISTRATION',
  'APPROVAL_SKUS',
  'CPQ',
  'GLOBAL_ACCOUNTS',
  'QUOTES',
  'RENEWALS',
  'REPORTS',
  ...MARGIN_MENUS,
];
const CATALOG_ADMIN_MENUS = [
  'CATALOG',
  'COMM_CAT',
  'DISCOUNT_SCHEDULES',
  'PRICE_BOOKS',
  'PRODUCT_HIERARCHY',
  'PRODUCT_RULES',
  'SKU_PRICING',
  ...CATALOG_MARGIN_MENUS,
];

const ENABLED = { cpq_renewals_trueups: 'enabled' };

function visibleCodes(
  roles: RoleValue[],
  options: { is_approver?: boolean; settings?: Record<string, string>; tree?: MenuItem[] } = {},
) {
  const entries: RoleEntry[] = roles.map((value) => ({
    value,
    assignment: null,
    assignment_value: [],
    is_deligated_role: false,
  }));
  const flags = derivePermissions(
    { email: 'someone@example.com', roles: entries, is_approver: options.is_approver ?? false },
    { internal_test_domains: [] },
  );
  return filterMenus(options.tree ?? TREE, flags, options.settings ?? ENABLED)
    .map((m) => m.code)
    .sort();
}

const EVERY_CODE = TREE.map((m) => m.code).sort();

describe('filterMenus by roles (spec §6 menu filtering)', () => {
  it.each<[string, RoleValue[], boolean, string[]]>([
    ['a root admin sees everything', ['ROOT_ADMIN'], false, EVERY_CODE],
    [
      'a seller: quotes and the approvals of own quotes',
      ['SALES_USER'],
      false,
      ['APPROVALS', 'CPQ', 'QUOTES'],
    ],
    ['a CAM', ['CAM'], false, ['APPROVALS', 'CPQ', 'QUOTES']],
    [
      'renewals staff also see renewals',
      ['CSM_RENEWALS', 'RENEWAL_USER'],
      false,
      ['APPROVALS', 'CPQ', 'QUOTES', 'RENEWALS'],
    ],
    [
      'a finance approver: the approvals queue and the exchange rates (issue 35)',
      ['FINANCE_APPROVER'],
      true,
      ['APPROVALS', 'CPQ', 'EXCHANGE_RATES', 'MARGIN_DATA'],
    ],
    [
      'a finance role without the approver flag: the exchange rates only',
      ['FINANCE_MANAGER'],
      false,
      ['CPQ', 'EXCHANGE_RATES', 'MARGIN_DATA'],
    ],
    [
      'an approver role without the approver flag has nothing to open',
      ['LOGISTIC_MANAGER'],
      false,
      [],
    ],
    [
      'the deal desk (an approver), with the margin data and approval SKUs',
      ['DEAL_DESK'],
      true,
      ['APPROVALS', ...DEAL_DESK_MENUS],
    ],
    [
      'the deal desk without the approver flag is not a pure quoter',
      ['DEAL_DESK'],
      false,
      DEAL_DESK_MENUS,
    ],
    [
      'a deal desk admin manages approvals, approval SKUs and terms, and sees no margin',
      ['DEAL_DESK_ADMIN'],
      false,
      [
        'ADMINISTRATION',
        'APPROVAL_ADMIN',
        'APPROVAL_SKUS',
        'BROADCASTS',
        'CPQ',
        'GLOBAL_ACCOUNTS',
        'QUOTES',
        'RENEWALS',
        'REPORTS',
        'TERMS_ADMIN',
      ],
    ],
    [
      'a margin user: quotes and the margin data',
      ['MARGIN_USER'],
      false,
      ['CPQ', 'QUOTES', ...MARGIN_MENUS],
    ],
    [
      'a margin contributor: quotes and the margin data',
      ['MARGIN_CONTRIBUTOE'],
      false,
      ['CPQ', 'QUOTES', ...MARGIN_MENUS],
    ],
    ['a user admin', ['USER_ADMIN'], false, ['ADMINISTRATION', 'CPQ', 'USERS']],
    [
      'an IT admin',
      ['IT_ADMIN'],
      false,
      [
        'ADMINISTRATION',
        'APP_SETTINGS',
        'BROADCASTS',
        'CONFIG_ADMIN',
        'CPQ',
        'CRM',
        'QUOTES',
        'WEBHOOKS',
      ],
    ],
    [
      'a global account manager: quotes and the global accounts',
      ['GAM'],
      false,
      ['APPROVALS', 'CPQ', 'GLOBAL_ACCOUNTS', 'QUOTES'],
    ],
    [
      'the global accounts general manager',
      ['GAM_GM'],
      false,
      ['CPQ', 'GLOBAL_ACCOUNTS', 'QUOTES'],
    ],
    ['legal', ['LEGAL_MANAGER'], false, ['ADMINISTRATION', 'CPQ', 'TERMS_ADMIN']],
    [
      'a catalog user: the catalog, the price books and the discount schedules only',
      ['CATALOG_USER'],
      false,
      ['CATALOG', 'COMM_CAT', 'DISCOUNT_SCHEDULES', 'PRICE_BOOKS'],
    ],
    [
      'a catalog admin: the whole catalog group, margin data and approval SKUs included, only',
      ['CATALOG_ADMIN'],
      false,
      CATALOG_ADMIN_MENUS,
    ],
    [
      'the deal desk who is also a catalog admin finds margin data in both groups',
      ['DEAL_DESK', 'CATALOG_ADMIN'],
      false,
      [...DEAL_DESK_MENUS, ...CATALOG_ADMIN_MENUS],
    ],
    [
      'a seller with a catalog role sees both groups',
      ['SALES_USER', 'CATALOG_USER'],
      false,
      ['APPROVALS', 'CATALOG', 'COMM_CAT', 'CPQ', 'DISCOUNT_SCHEDULES', 'PRICE_BOOKS', 'QUOTES'],
    ],
    ['nobody', [], false, []],
  ])('%s', (_label, roles, isApprover, expected) => {
    expect(visibleCodes(roles, { is_approver: isApprover })).toEqual([...expected].sort());
  });
});

describe('filterMenus by app settings', () => {
  it.each([
    ['disabled', false],
    ['DISABLED', false],
    ['enabled', true],
    [undefined, true],
  ])('cpq_renewals_trueups %s shows renewals: %s', (value, shown) => {
    const settings: Record<string, string> =
      value === undefined ? {} : { cpq_renewals_trueups: value };
    for (const roles of [['RENEWAL_USER'], ['ROOT_ADMIN']] as RoleValue[][]) {
      expect(visibleCodes(roles, { settings }).includes('RENEWALS')).toBe(shown);
    }
  });
});

describe('filterMenus on edited menu data', () => {
  it('shows a code without a rule to root admins only', () => {
    const tree = [...TREE, menu('SOMETHING_NEW', cpq, '/cpq/something/ref')];
    expect(visibleCodes(['ROOT_ADMIN'], { tree })).toContain('SOMETHING_NEW');
    expect(visibleCodes(['SALES_USER'], { tree })).not.toContain('SOMETHING_NEW');
  });

  it('hides a menu under a hidden parent, whatever its own rule says', () => {
    const hiddenParent = menu('APP_SETTINGS', cpq);
    const tree = [...TREE, hiddenParent, menu('QUOTES', hiddenParent, '/cpq/x/ref')];
    expect(visibleCodes(['SALES_USER'], { tree })).toEqual(['APPROVALS', 'CPQ', 'QUOTES']);
  });

  it('hides a menu whose parent is missing or part of a cycle', () => {
    const a = menu('QUOTES', null, '/a');
    const b = menu('QUOTES', a, '/b');
    a.parent_id = b.id;
    const orphan = { ...menu('QUOTES', null, '/c'), parent_id: 9999 };
    expect(visibleCodes(['SALES_USER'], { tree: [a, b, orphan] })).toEqual([]);
  });

  it('drops a group whose only menu is a link-less heading with nothing visible under it', () => {
    const group = menu('CPQ', null);
    const heading = menu('ADMINISTRATION', group);
    expect(visibleCodes(['SALES_USER'], { tree: [group, heading] })).toEqual([]);
  });
});

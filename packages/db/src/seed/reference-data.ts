import type { Database } from '../client.ts';
import { appSettings, menus } from '../schema/navigation.ts';
import { seedFormReferenceData } from './form-recipes.ts';
import { seedTermsReferenceData } from './terms-reference-data.ts';

type MenuRow = typeof menus.$inferInsert;

/**
 * The menu tree every installation starts with. Permission rules key on `code`, so admins may
 * relabel or relink an entry without changing who sees it.
 */
export const REFERENCE_MENUS: readonly MenuRow[] = [
  {
    id: 1,
    parentId: null,
    tier: 1,
    code: 'CPQ',
    label: 'CPQ',
    link: null,
    context: 'cpq',
    sortOrder: 1,
  },
  {
    id: 10,
    parentId: 1,
    tier: 2,
    code: 'QUOTES',
    label: 'Quotes',
    link: '/cpq/grid/quotes/ref',
    isDefault: true,
    context: 'cpq',
    sortOrder: 1,
  },
  {
    id: 11,
    parentId: 1,
    tier: 2,
    code: 'APPROVALS',
    label: 'Approvals',
    link: '/cpq/grid/quote-approvals/ref',
    context: 'cpq',
    sortOrder: 2,
  },
  {
    id: 12,
    parentId: 1,
    tier: 2,
    code: 'RENEWALS',
    label: 'Renewals & True-ups',
    link: '/cpq/grid/renewals/ref',
    context: 'cpq',
    sortOrder: 3,
  },
  {
    id: 13,
    parentId: 1,
    tier: 2,
    code: 'REPORTS',
    label: 'Reports',
    link: '/cpq/report/quotes/ref',
    context: 'cpq',
    sortOrder: 4,
  },
  {
    id: 15,
    parentId: 1,
    tier: 2,
    code: 'GLOBAL_ACCOUNTS',
    label: 'Global accounts',
    link: '/cpq/gam-account/ref',
    context: 'cpq',
    sortOrder: 4,
  },
  {
    id: 14,
    parentId: 1,
    tier: 2,
    code: 'ADMINISTRATION',
    label: 'Administration',
    link: null,
    context: 'cpq',
    sortOrder: 5,
  },
  {
    id: 20,
    parentId: 14,
    tier: 3,
    code: 'USERS',
    label: 'Users',
    link: '/cpq/grid/users/ref',
    context: 'cpq',
    sortOrder: 1,
  },
  {
    id: 21,
    parentId: 14,
    tier: 3,
    code: 'APP_SETTINGS',
    label: 'App settings',
    link: '/cpq/app-settings',
    context: 'cpq',
    sortOrder: 2,
  },
  {
    id: 22,
    parentId: 14,
    tier: 3,
    code: 'CRM',
    label: 'CRM connection',
    link: '/cpq/sfdc',
    context: 'cpq',
    sortOrder: 3,
  },
  {
    id: 23,
    parentId: 14,
    tier: 3,
    code: 'APPROVAL_ADMIN',
    label: 'Approval admin',
    link: '/cpq/manage-approval-admin/new/ref',
    context: 'cpq',
    sortOrder: 4,
  },
  {
    id: 24,
    parentId: 14,
    tier: 3,
    code: 'TERMS_ADMIN',
    label: 'Terms & conditions',
    link: '/cpq/terms-condition',
    context: 'cpq',
    sortOrder: 5,
  },
  {
    id: 25,
    parentId: 14,
    tier: 3,
    code: 'CONFIG_ADMIN',
    label: 'Configuration',
    link: '/cpq/config-admin',
    context: 'cpq',
    sortOrder: 6,
  },
  {
    id: 26,
    parentId: 14,
    tier: 3,
    code: 'BROADCASTS',
    label: 'Broadcast messages',
    link: '/cpq/manage-broadcast/all/ref',
    context: 'cpq',
    sortOrder: 7,
  },
  {
    id: 27,
    parentId: 14,
    tier: 3,
    code: 'WEBHOOKS',
    label: 'Webhooks',
    link: '/cpq/webhooks',
    context: 'cpq',
    sortOrder: 8,
  },
  {
    id: 2,
    parentId: null,
    tier: 1,
    code: 'COMM_CAT',
    label: 'Commercial Catalog',
    link: null,
    context: 'commcat',
    sortOrder: 2,
  },
  {
    id: 30,
    parentId: 2,
    tier: 2,
    code: 'CATALOG',
    label: 'Catalog',
    link: '/commcat/grid/catalog/ref',
    isDefault: true,
    context: 'commcat',
    sortOrder: 1,
  },
  {
    id: 31,
    parentId: 2,
    tier: 2,
    code: 'PRODUCT_HIERARCHY',
    label: 'Product hierarchy',
    link: '/commcat/producthierarchy/ref',
    context: 'commcat',
    sortOrder: 2,
  },
  {
    id: 32,
    parentId: 2,
    tier: 2,
    code: 'SKU_PRICING',
    label: 'SKU pricing',
    link: '/commcat/skupricing/ref',
    context: 'commcat',
    sortOrder: 3,
  },
  // Issue 35: price books, right after SKU pricing (same place, the later id).
  {
    id: 57,
    parentId: 2,
    tier: 2,
    code: 'PRICE_BOOKS',
    label: 'Price books',
    link: '/commcat/price-books/ref',
    context: 'commcat',
    sortOrder: 3,
  },
  // Issue 35: discount schedules and term discounts, after the price books (id 60 leaves the
  // ids between to the other issue 35 menus).
  {
    id: 60,
    parentId: 2,
    tier: 2,
    code: 'DISCOUNT_SCHEDULES',
    label: 'Discount schedules',
    link: '/commcat/discount-schedules/ref',
    context: 'commcat',
    sortOrder: 3,
  },
  // Margin data (the cost behind margins) and approval SKUs: in CPQ for the deal desk and the
  // margin roles, and in the catalogue group for catalog admins (decision 002 menus).
  {
    id: 40,
    parentId: 1,
    tier: 2,
    code: 'MARGIN_DATA',
    label: 'Margin data',
    link: null,
    context: 'cpq',
    sortOrder: 6,
  },
  {
    id: 41,
    parentId: 40,
    tier: 3,
    code: 'MC_HW_SKU_COSTS',
    label: 'Hardware SKU costs',
    link: '/cpq/mc-hw-sku-costs/all/ref',
    context: 'cpq',
    sortOrder: 1,
  },
  {
    id: 42,
    parentId: 40,
    tier: 3,
    code: 'MC_COST_LOOKUP',
    label: 'Cost lookup',
    link: '/cpq/mc-cost-lookup/ref',
    context: 'cpq',
    sortOrder: 2,
  },
  {
    id: 43,
    parentId: 40,
    tier: 3,
    code: 'MC_MARKUP',
    label: 'Markup',
    link: '/cpq/mc-markup/ref',
    context: 'cpq',
    sortOrder: 3,
  },
  {
    id: 44,
    parentId: 40,
    tier: 3,
    code: 'MC_DURATION_DEPRECIATION',
    label: 'Duration depreciation',
    link: '/cpq/mc-duration-depreciation/ref',
    context: 'cpq',
    sortOrder: 4,
  },
  {
    id: 45,
    parentId: 14,
    tier: 3,
    code: 'APPROVAL_SKUS',
    label: 'Approval SKUs',
    link: '/cpq/ps-approval-sku/ref',
    context: 'cpq',
    sortOrder: 4,
  },
  {
    id: 46,
    parentId: 2,
    tier: 2,
    code: 'CATALOG_MARGIN_DATA',
    label: 'Margin data',
    link: null,
    context: 'commcat',
    sortOrder: 4,
  },
  {
    id: 47,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_MC_HW_SKU_COSTS',
    label: 'Hardware SKU costs',
    link: '/commcat/mc-hw-sku-costs/all/ref',
    context: 'commcat',
    sortOrder: 1,
  },
  {
    id: 48,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_MC_COST_LOOKUP',
    label: 'Cost lookup',
    link: '/commcat/mc-cost-lookup/ref',
    context: 'commcat',
    sortOrder: 2,
  },
  {
    id: 49,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_MC_MARKUP',
    label: 'Markup',
    link: '/commcat/mc-markup/ref',
    context: 'commcat',
    sortOrder: 3,
  },
  {
    id: 50,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_MC_DURATION_DEPRECIATION',
    label: 'Duration depreciation',
    link: '/commcat/mc-duration-depreciation/ref',
    context: 'commcat',
    sortOrder: 4,
  },
  {
    id: 51,
    parentId: 2,
    tier: 2,
    code: 'CATALOG_APPROVAL_SKUS',
    label: 'Approval SKUs',
    link: '/commcat/ps-approval-sku/ref',
    context: 'commcat',
    sortOrder: 5,
  },
  // Issue 34: the rules that keep a quote's bill of materials buildable and supported.
  {
    id: 54,
    parentId: 2,
    tier: 2,
    code: 'PRODUCT_RULES',
    label: 'Product rules',
    link: '/commcat/product-rules/ref',
    context: 'commcat',
    sortOrder: 6,
  },
  {
    id: 52,
    parentId: 40,
    tier: 3,
    code: 'MC_SUPPORT_CASES',
    label: 'Support cases',
    link: '/cpq/mc-support-cases/ref',
    context: 'cpq',
    sortOrder: 5,
  },
  {
    id: 53,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_MC_SUPPORT_CASES',
    label: 'Support cases',
    link: '/commcat/mc-support-cases/ref',
    context: 'commcat',
    sortOrder: 5,
  },
  // Issue 35: exchange rates with their history, entered by finance, beside the margin data.
  {
    id: 55,
    parentId: 40,
    tier: 3,
    code: 'EXCHANGE_RATES',
    label: 'Exchange rates',
    link: '/cpq/exchange-rates/ref',
    context: 'cpq',
    sortOrder: 6,
  },
  {
    id: 56,
    parentId: 46,
    tier: 3,
    code: 'CATALOG_EXCHANGE_RATES',
    label: 'Exchange rates',
    link: '/commcat/exchange-rates/ref',
    context: 'commcat',
    sortOrder: 6,
  },
];

/** The settings the client reads (spec §3), with their shipped defaults. */
export const REFERENCE_APP_SETTINGS: readonly (typeof appSettings.$inferInsert)[] = [
  // The six of spec §3 are described for admins in packages/domain/src/app-settings/catalogue.ts
  // and changed on /cpq/app-settings (issue 19): on is 'enable', off 'disabled'.
  {
    name: 'price_adjustment',
    value: 'disabled',
    description: 'Lets quoters type a different unit list price per line on the configure page.',
  },
  {
    name: 'margin_calc_controlled_introduction',
    value: 'disabled',
    description:
      "'disabled' shows margin on every quote; a comma-separated list of regions (EMEA,APJ) shows it only on quotes of those regions.",
  },
  {
    name: 'remove_ela_healthcare',
    value: 'disabled',
    description: 'enable: ELA is not offered for accounts whose CRM industry is Healthcare.',
  },
  {
    name: 'maintenance',
    value: 'disabled',
    description:
      'enable puts the application in maintenance mode for everyone but root and IT admins.',
  },
  {
    name: 'cpq_renewals_trueups',
    // 'enabled' reads as on (isSettingOn); the page saves the spec's 'enable'.
    value: 'enabled',
    description: 'disabled hides the Renewals & True-ups menu.',
  },
  {
    name: 'renewal_default_uplift_percent',
    value: '5',
    description: 'The uplift a renewal quote starts each renewed line with, in percent.',
  },
  {
    name: 'maintenance_message',
    value: '',
    description: 'What users see while maintenance mode is on.',
  },
];

/** Roles whose holders must sign in with a second factor in production (decision 021). */
export const PRODUCTION_MFA_REQUIRED_ROLES = 'ROOT_ADMIN,USER_ADMIN';

export interface ReferenceDataOptions {
  /**
   * The sign-in policy a new database starts with: 'production' requires a second factor of
   * root and user administrators; 'demo' requires it of nobody, so that the demo accounts sign in
   * with their password. Administrators change it afterwards; a later start keeps their choice.
   */
  signInPolicy: 'production' | 'demo';
  /**
   * Whether customer acceptance links (quote_document_link) start switched on. By default as the
   * policy says: on in the demo, off in production, where the deal desk switches them on once
   * PUBLIC_URL is the address customers can reach.
   */
  quoteDocumentLink?: boolean;
}

/** Inserts what is missing and leaves what admins changed alone; runs at every start. */
export async function seedReferenceData(
  db: Database,
  options: ReferenceDataOptions = { signInPolicy: 'demo' },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Parents first: the rows are ordered so that a parent precedes its children by tier.
    const ordered = [...REFERENCE_MENUS].sort((a, b) => a.tier - b.tier);
    await tx.insert(menus).values(ordered).onConflictDoNothing();
    await tx
      .insert(appSettings)
      .values([
        ...REFERENCE_APP_SETTINGS,
        {
          name: 'quote_document_link',
          value: (options.quoteDocumentLink ?? options.signInPolicy === 'demo') ? 'enable' : '',
          description:
            "enable lets a quote's owner and the deal desk send an approved quote's PDF to the customer as an expiring link to read and accept online.",
        },
        {
          name: 'mfa_required_roles',
          value: options.signInPolicy === 'production' ? PRODUCTION_MFA_REQUIRED_ROLES : '',
          description: 'Comma-separated roles whose holders must sign in with a second factor.',
        },
      ])
      .onConflictDoNothing();
  });
  await seedFormReferenceData(db);
  await seedTermsReferenceData(db);
}

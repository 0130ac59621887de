import { randomUUID } from 'node:crypto';
import type { Database } from '@bastion/db/client';
import { productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { crmAccounts, crmContacts, crmOpportunities } from '@bastion/db/schema/crm';
import { dataOfSuccess } from './answers.ts';
import type { TestContext } from './test-app.ts';

/** Opportunities and quote header values for the quote tests, in the embedded CRM's tables. */

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 12);

/** A customer (and partner) account with one opportunity, in the embedded CRM's tables. */
export interface OpportunityOptions {
  region: string;
  partner?: boolean;
  dealType?: string;
  ownerEmail?: string;
  currencyCode?: string;
}

export async function insertOpportunity(db: Database, options: OpportunityOptions) {
  const id = unique();
  await db.insert(crmAccounts).values({
    id: `001C${id}`,
    name: `Customer ${id}`,
    kind: 'CUSTOMER',
    region: options.region,
  });
  if (options.partner) {
    await db
      .insert(crmAccounts)
      .values({ id: `001P${id}`, name: `Partner ${id}`, kind: 'PARTNER', partnerType: 'PREMIER' });
    await db.insert(crmContacts).values({
      id: `003P${id}`,
      accountId: `001P${id}`,
      firstName: 'Pat',
      email: `pat-${id}@partner.example`,
    });
  }
  await db.insert(crmOpportunities).values({
    id: `006${id}`,
    name: `Firewall refresh ${id}`,
    accountId: `001C${id}`,
    partnerAccountId: options.partner ? `001P${id}` : null,
    partnerContactId: options.partner ? `003P${id}` : null,
    region: options.region,
    dealType: options.dealType ?? 'NB',
    currencyCode: options.currencyCode ?? 'EUR',
    amountMinor: 12_345_600,
    stage: 'Proposal',
    sla: '24/7',
    productsEvaluated: 'Network Firewall; Secure Access',
    contractStartDate: '2027-01-01',
    ownerEmail: options.ownerEmail ?? '',
  });
  return `006${id}`;
}

export const headerValues = (changes: Record<string, unknown> = {}) => ({
  quote_name: 'Acme firewall refresh',
  quote_type: 'STANDARD',
  contract_length: '12',
  deal_type: 'NB',
  partner_type: 'PREMIER',
  partner_contact_email: 'pat@partner.example',
  contract_start_date: '2027-01-01',
  contract_end_date: '2027-12-31',
  sla: '24/7',
  products_evaluated: ['FIREWALL'],
  ...changes,
});

/**
 * A quote made through the API by the holder of `cookie`, on a fresh opportunity (EMEA unless
 * told) of its own account, with the header values changed as given; its id.
 */
export async function createTestQuote(
  ctx: Pick<TestContext, 'app' | 'db'>,
  cookie: string,
  values: Record<string, unknown> = {},
  opportunity: Partial<OpportunityOptions> = {},
): Promise<string> {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA', ...opportunity });
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/dx/create-quote',
    payload: { opportunity_id: opportunityId, values: headerValues(values) },
    headers: { cookie },
  });
  return dataOfSuccess<{ id: string }>(made).id;
}

/** Names for a test file's own SKUs, `<prefix>-<name>-<tag>`, the tag new to each file. */
export function testSkuNames(prefix: string): (name: string) => string {
  const tag = unique().slice(0, 6).toUpperCase();
  return (name) => `${prefix}-${name}-${tag}`;
}

/** The product family the quote tests' own SKUs belong to; made by the first file that needs it. */
export async function ensureTestFamily(db: Database) {
  await db
    .insert(productFamilies)
    .values({ id: 'TEST_FAMILY', name: 'Test family' })
    .onConflictDoNothing();
}

/** A SKU of a test file's own, with its list prices by currency (minor units) since 2020. */
export type TestSku = Pick<
  typeof skus.$inferInsert,
  'sku' | 'name' | 'kind' | 'billing' | 'isActive' | 'isShippable'
> & { prices: Readonly<Record<string, number>> };

/** A test file's own small catalogue, so its figures do not move with the demo seed. */
export async function insertTestSkus(db: Database, list: readonly TestSku[]) {
  await ensureTestFamily(db);
  await db
    .insert(skus)
    .values(
      list.map(({ prices: _, ...sku }) => ({ familyId: 'TEST_FAMILY', description: '', ...sku })),
    );
  const prices = list.flatMap(({ sku, prices }) =>
    Object.entries(prices).map(([currencyCode, unitPriceMinor]) => ({
      sku,
      currencyCode,
      unitPriceMinor,
      effectiveFrom: '2020-01-01',
    })),
  );
  if (prices.length > 0) await db.insert(skuPrices).values(prices);
}

/**
 * The appliance, subscription feed and (empty) bundle the configure-page pricing tests price,
 * named after `label`, with list prices (minor units) in one currency.
 */
export async function insertApplianceFeedBundle(
  db: Database,
  skuOf: (code: string) => string,
  label: string,
  currencyCode: string,
  prices: { HW: number; SUB: number },
) {
  await insertTestSkus(db, [
    {
      sku: skuOf('HW'),
      name: `${label} appliance`,
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      prices: { [currencyCode]: prices.HW },
    },
    {
      sku: skuOf('SUB'),
      name: `${label} feed`,
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { [currencyCode]: prices.SUB },
    },
    {
      sku: skuOf('BUN'),
      name: `${label} bundle`,
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      prices: { [currencyCode]: 0 },
    },
  ]);
}

/** The SKUs the shipping and summary tests sell: hardware to ship and a subscription. */
const PRICED_TEST_SKUS = {
  FW: { name: 'Test firewall', kind: 'HARDWARE', billing: 'ONE_TIME', isShippable: true },
  AP: { name: 'Test access point', kind: 'ACCESS_POINT', billing: 'ONE_TIME', isShippable: true },
  SUB: { name: 'Test subscription', kind: 'SUBSCRIPTION', billing: 'ANNUAL' },
} as const;

/**
 * A test file's own copies of those SKUs (named by `skuOf`, so files never share one), each
 * 100.00 EUR since 2020, so the figures do not move with the demo seed.
 */
export async function insertPricedTestSkus(
  db: Database,
  skuOf: (code: string) => string,
  codes: readonly (keyof typeof PRICED_TEST_SKUS)[],
) {
  await insertTestSkus(
    db,
    codes.map((code) => ({ sku: skuOf(code), ...PRICED_TEST_SKUS[code], prices: { EUR: 10_000 } })),
  );
}

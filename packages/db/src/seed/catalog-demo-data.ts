/**
 * The demo catalogue of a security vendor: firewalls from desktop to data centre and virtual,
 * their support and subscriptions, wireless, secure access, log analytics, cloud, endpoint and
 * identity products and professional services, with three years of prices in USD, EUR and GBP
 * and the cost data behind margins. Built from fixed tables: the same rows on every start.
 */
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import { PRODUCT_KINDS, productRuleColumns, productRules, skus } from '../schema/catalog.ts';
import { REFERENCE_LOOKUPS } from './form-recipes.ts';
import { checkRule } from '@bastion/domain/product-rules/check-rule';
import {
  DEMO_GUIDED_RULES,
  DEMO_PRODUCT_RULES,
  DEMO_RULE_CATALOG,
} from '@bastion/domain/product-rules/demo-rules';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import { count, sql } from 'drizzle-orm';
import {
  CATALOG_TABLES,
  type CatalogDemoData,
  type CatalogTables,
  LIST_CURRENCIES,
  LOADED_AT,
  NEXT_FACTOR,
  PREVIOUS_FACTOR,
  PRICE_PERIODS,
  PUBLISHED_AT,
  type RowOf,
  catalogNodeId,
  keyedUuid,
} from './catalog-demo-tables.ts';
import { NODES } from './catalog-demo-hierarchy.ts';
import { DEMO_SKU_SCHEDULES, VOLUME_TIERS } from './catalog-demo-products.ts';
import {
  APPROVAL_REASONS,
  COST_PERCENT,
  DEPRECIATION_PERCENT,
  MARKUP_PERCENT,
  PARTNER_DISCOUNTS_T1,
  RATES,
  SUPPORT_CASES,
  T2_EXTRA,
  hardwareCostPercent,
  percentText,
} from './catalog-demo-commercial.ts';
import { DEMO_SUCCESSORS, catalogSkus } from './catalog-demo-skus.ts';

const toMinor = (units: number) => units * 100;
/** A USD list price in another list currency, in whole units. */
const convert = (usd: number, currency: keyof typeof LIST_CURRENCIES) =>
  currency === 'USD' ? usd : Math.round(usd * LIST_CURRENCIES[currency]);

function priceRows(
  sku: string,
  usd: number,
  from: string,
  to: string | null,
  createdAt: Date,
): RowOf<'prices'>[] {
  return (Object.keys(LIST_CURRENCIES) as (keyof typeof LIST_CURRENCIES)[]).map((currency) => ({
    id: keyedUuid(`price:${sku}:${currency}:${from}`),
    sku,
    currencyCode: currency,
    unitPriceMinor: toMinor(convert(usd, currency)),
    effectiveFrom: from,
    effectiveTo: to,
    createdBy: null,
    createdAt,
  }));
}

/** The demo catalogue, built the same way every time. */
export function catalogDemoData(): CatalogDemoData {
  const families = REFERENCE_LOOKUPS.filter((l) => l.lookup === 'product_families').map(
    (l): RowOf<'families'> => ({
      id: l.value,
      name: l.label,
      sortOrder: l.sortOrder ?? 0,
      isActive: true,
    }),
  );
  const nodes = NODES.map((node, index): RowOf<'nodes'> => ({
    id: catalogNodeId(node.n),
    parentId: node.parent === null ? null : catalogNodeId(node.parent),
    name: node.name,
    familyId: node.family,
    sortOrder: index + 1,
    updatedAt: LOADED_AT,
  }));

  const { seeds, bundles, bundleFeatures: features } = catalogSkus();
  const skuRows = seeds.map((seed): RowOf<'skus'> => ({
    sku: seed.sku,
    name: seed.name,
    description: seed.description ?? '',
    kind: seed.kind,
    billing: seed.billing,
    familyId: seed.family,
    hierarchyNodeId: catalogNodeId(seed.node),
    size: seed.size ?? null,
    pricingModel: seed.pricingModel ?? null,
    isShippable: seed.kind === 'HARDWARE' || seed.kind === 'ACCESS_POINT',
    isActive: seed.isActive ?? true,
    successorSku: DEMO_SUCCESSORS[seed.sku] ?? null,
    attributes: DEMO_RULE_CATALOG[seed.sku]?.attributes ?? {},
    updatedAt: LOADED_AT,
  }));

  // Every SKU has this year's list; a third also last year's, and some a 2027 increase. A
  // bundle has no price of its own: a zero row in each currency, and no history.
  const prices: RowOf<'prices'>[] = [];
  let priced = 0;
  for (const seed of seeds) {
    const { previous, current, next } = PRICE_PERIODS;
    if (seed.kind === 'BUNDLE') {
      prices.push(...priceRows(seed.sku, 0, current, null, PUBLISHED_AT.current));
      continue;
    }
    const isActive = seed.isActive ?? true;
    const hasHistory = priced % 3 === 0 || !isActive;
    const hasIncrease = isActive && priced % 15 === 7;
    priced += 1;
    if (hasHistory) {
      // A few dollars' list still moves by at least a dollar.
      const usd = Math.min(Math.round(seed.usd * PREVIOUS_FACTOR), seed.usd - 1);
      prices.push(...priceRows(seed.sku, usd, previous, current, PUBLISHED_AT.previous));
    }
    prices.push(
      ...priceRows(seed.sku, seed.usd, current, hasIncrease ? next : null, PUBLISHED_AT.current),
    );
    if (hasIncrease) {
      const usd = Math.max(Math.round(seed.usd * NEXT_FACTOR), seed.usd + 1);
      prices.push(...priceRows(seed.sku, usd, next, null, PUBLISHED_AT.next));
    }
  }

  // A SKU on a shared discount schedule (issue 35) has no tiers of its own.
  const tiers = seeds.flatMap((seed) =>
    seed.tiers && !(seed.sku in DEMO_SKU_SCHEDULES)
      ? VOLUME_TIERS[seed.tiers].map(([minQuantity, percent]): RowOf<'tiers'> => ({
          sku: seed.sku,
          minQuantity,
          percent,
        }))
      : [],
  );

  const partnerDiscountRows = (['T1', 'T2'] as const).flatMap((channel) =>
    Object.entries(PARTNER_DISCOUNTS_T1).flatMap(([partnerType, byKind]) =>
      PRODUCT_KINDS.map((kind): RowOf<'partnerDiscounts'> => ({
        salesChannel: channel,
        partnerType,
        productKind: kind,
        percent: percentText(byKind[kind] + (channel === 'T2' ? T2_EXTRA[kind] : 0)),
      })),
    ),
  );

  const hwCosts = seeds
    .filter((seed) => seed.kind === 'HARDWARE' || seed.kind === 'ACCESS_POINT')
    .map((seed, index): RowOf<'hwCosts'> => ({
      sku: seed.sku,
      // Whole dollars × percent = cents.
      unitCostUsdMinor: seed.usd * hardwareCostPercent(index),
      updatedAt: LOADED_AT,
    }));

  return {
    families,
    nodes,
    skus: skuRows,
    prices,
    tiers,
    bundles,
    bundleFeatures: features,
    partnerDiscounts: partnerDiscountRows,
    rates: RATES.map(([currencyCode, unitsPerUsd]) => ({
      currencyCode,
      unitsPerUsd,
      updatedAt: LOADED_AT,
    })),
    hwCosts,
    costLookups: Object.entries(COST_PERCENT).flatMap(([familyId, costPercent]) => [
      { familyId, productKind: 'ANY' as const, costPercent },
      // People and spares cost more than software of the same family.
      { familyId, productKind: 'SERVICE' as const, costPercent: '55.00' },
      { familyId, productKind: 'SUPPORT' as const, costPercent: '20.00' },
    ]),
    markups: PRODUCT_KINDS.map((productKind) => ({
      productKind,
      percent: MARKUP_PERCENT[productKind],
    })),
    supportCases: Object.entries(SUPPORT_CASES).map(([familyId, load]) => ({
      familyId,
      casesPerUnitYear: load.cases,
      costPerCaseUsdMinor: load.costPerCase,
      updatedAt: LOADED_AT,
    })),
    depreciation: PRODUCT_KINDS.flatMap((productKind) =>
      DEPRECIATION_PERCENT[productKind].map((percent, index) => ({
        productKind,
        year: index + 1,
        percent: percentText(percent),
      })),
    ),
    approvalSkus: Object.entries(APPROVAL_REASONS).map(([sku, reason]) => ({
      sku,
      reason,
      isActive: true,
    })),
  };
}

export const CATALOG_DEMO: CatalogDemoData = catalogDemoData();

/** Rows per insert statement: well inside the drivers' parameter limits. */
const CHUNK_SIZE = 500;

async function inChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await insert(rows.slice(start, start + CHUNK_SIZE));
  }
}

/**
 * Seeds the demo catalogue. Idempotent: a row that exists is left as it is (every row has a fixed
 * key), so a restart never undoes a price or SKU someone changed while trying the product.
 */
export async function seedCatalogDemoData(db: Database): Promise<void> {
  const data = CATALOG_DEMO;
  await db.transaction(async (tx) => {
    for (const name of Object.keys(CATALOG_TABLES) as (keyof CatalogTables)[]) {
      const table: PgTable = CATALOG_TABLES[name];
      const rows: readonly PgInsertValue<PgTable>[] = data[name];
      await inChunks(rows, (chunk) => tx.insert(table).values(chunk).onConflictDoNothing());
    }
    // A catalogue seeded before SKUs had attributes gets the demo's; one set since is kept.
    for (const row of data.skus) {
      if (Object.keys(row.attributes ?? {}).length === 0) continue;
      await tx
        .update(skus)
        .set({ attributes: row.attributes })
        .where(sql`${skus.sku} = ${row.sku} and ${skus.attributes} = '{}'::jsonb`);
    }
    await seedDemoProductRules(tx);
  });
}

/** The rules' fixed ids, so a restart or a recording names the same rows. */
export const demoProductRuleId = (ruleId: string) => keyedUuid(`product-rule:${ruleId}`);

/**
 * The demo product rules (issue 34), once: into a catalogue without any, so a rule an admin
 * changed or removed is never put back. Through the admin's check, so the demo never holds a
 * broken rule.
 */
async function seedDemoProductRules(db: Database) {
  const [existing] = await db.select({ rules: count() }).from(productRules);
  // The guided-selling rules came later: a catalogue without any rule reading answers gets them.
  const [guided] = await db
    .select({ rules: count() })
    .from(productRules)
    .where(sql`${productRules.definition}::text like '%answer:%'`);
  const demos = [
    ...((existing?.rules ?? 0) > 0 ? [] : DEMO_PRODUCT_RULES),
    ...((guided?.rules ?? 0) > 0 ? [] : DEMO_GUIDED_RULES),
  ];
  if (demos.length === 0) return;
  const rows = demos.map((demo) => {
    const check = checkRule({ ...demo, id: demoProductRuleId(demo.id) }, DEMO_RULE_CATALOG);
    if (!check.ok) throw new Error(`demo product rule ${demo.id}: ${check.message}`);
    const stored = storedRuleOf(check.rule);
    return {
      id: stored.id,
      ...productRuleColumns(stored),
      createdAt: LOADED_AT,
      updatedAt: LOADED_AT,
    };
  });
  await db.insert(productRules).values(rows).onConflictDoNothing();
}

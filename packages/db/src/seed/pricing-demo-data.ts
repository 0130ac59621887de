import type { Database } from '../client.ts';
import { mcHwSkuCosts, skus } from '../schema/catalog.ts';
import {
  discountSchedules,
  discountScheduleTiers,
  skuDiscountSchedules,
  skuPriceBlocks,
  skuPricingMethods,
  termDiscounts,
} from '../schema/pricing.ts';
import { DEMO_SKU_SCHEDULES } from './catalog-demo-products.ts';
import { keyedUuid, LIST_CURRENCIES, PRICE_PERIODS } from './catalog-demo-tables.ts';

/**
 * Issue 35, the demo's pricing depth (docs/pricing.md): support of firewalls, log-analytics and
 * central-management appliances as a percentage of the covered appliance's net unit price;
 * LA-VM-FLEX block priced per band of GB/day; Email Security user SKUs on a slab schedule; the
 * technical account manager at cost plus a markup; term discounts on subscriptions and support.
 */

/** Support tiers as a share of the covered appliance's net unit price, per unit per year. */
const SUPPORT_PERCENT = { STD: '15', PRM: '20', ELT: '28' } as const;

const ES_SLABS = [
  [1, '0.00'],
  [501, '5.00'],
  [2501, '10.00'],
  [10001, '15.00'],
  [50001, '20.00'],
] as const;

/** USD bands of LA-VM-FLEX: GB/day from, to, and the band's yearly price in dollars. */
const LA_VM_BLOCKS = [
  [1, 5, 2995],
  [6, 25, 8995],
  [26, 100, 24995],
  [101, 300, 59995],
] as const;

const TERM_STEPS = [
  [24, '3.00'],
  [36, '6.00'],
  [48, '8.00'],
  [60, '10.00'],
] as const;

/** The technical account manager: a landed cost of 9,375.00 a quarter, sold at 60 % over it. */
const COST_PLUS = { sku: 'PS-TAM-QTR', costUsdMinor: 937_500, markup: '60.00' } as const;

/** The SKU a support SKU covers: the model's appliance, its licence, or the appliance itself. */
function coveredAppliance(model: string, codes: ReadonlySet<string>): string | null {
  for (const candidate of [`${model}-HW`, `${model}-LIC`, model]) {
    if (codes.has(candidate)) return candidate;
  }
  return null;
}

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export function pricingDemoData(catalogSkus: readonly { sku: string; family: string }[]) {
  const codes = new Set(catalogSkus.map((row) => row.sku));
  const methods: Insert<typeof skuPricingMethods>[] = [];
  for (const { sku, family } of catalogSkus) {
    const match = /^(.+)-SUP-(STD|PRM|ELT)$/.exec(sku);
    if (!match || family !== 'FIREWALL') continue;
    const [, model = '', tier = 'STD'] = match;
    const covered = coveredAppliance(model, codes);
    if (covered === null) continue;
    methods.push({
      id: keyedUuid(`pricing-method:${sku}`),
      sku,
      method: 'PERCENT_OF_TOTAL',
      percent: SUPPORT_PERCENT[tier as keyof typeof SUPPORT_PERCENT],
      covers: { scope: 'SKU', skus: [covered] },
      effectiveFrom: PRICE_PERIODS.current,
    });
  }
  methods.push(
    {
      id: keyedUuid('pricing-method:LA-VM-FLEX'),
      sku: 'LA-VM-FLEX',
      method: 'BLOCK',
      effectiveFrom: PRICE_PERIODS.current,
    },
    {
      id: keyedUuid(`pricing-method:${COST_PLUS.sku}`),
      sku: COST_PLUS.sku,
      method: 'COST_PLUS',
      percent: COST_PLUS.markup,
      effectiveFrom: PRICE_PERIODS.current,
    },
  );
  const blocks = (Object.keys(LIST_CURRENCIES) as (keyof typeof LIST_CURRENCIES)[]).flatMap(
    (currency) =>
      LA_VM_BLOCKS.map(([min, max, usd]): Insert<typeof skuPriceBlocks> => ({
        sku: 'LA-VM-FLEX',
        currencyCode: currency,
        minQuantity: min,
        maxQuantity: max,
        priceMinor: Math.round(usd * LIST_CURRENCIES[currency]) * 100,
      })),
  );
  return {
    methods,
    blocks,
    schedules: [
      {
        id: 'ES-USERS',
        name: 'Email Security users (slab)',
        scheduleType: 'SLAB',
        aggregate: 'SKU',
        includeInstalledBase: false,
      },
    ] satisfies Insert<typeof discountSchedules>[],
    scheduleTiers: ES_SLABS.map(([minQuantity, percent]): Insert<typeof discountScheduleTiers> => ({
      scheduleId: 'ES-USERS',
      minQuantity,
      percent,
    })),
    skuSchedules: Object.entries(DEMO_SKU_SCHEDULES).map(([sku, scheduleId]) => ({
      sku,
      scheduleId,
    })),
    termDiscounts: (['SUBSCRIPTION', 'SUPPORT'] as const).flatMap((productKind) =>
      TERM_STEPS.map(([minMonths, percent]) => ({ productKind, minMonths, percent })),
    ),
    cost: { sku: COST_PLUS.sku, unitCostUsdMinor: COST_PLUS.costUsdMinor },
  };
}

/**
 * Seeds the demo's pricing depth after the catalogue. Idempotent like the catalogue: rows with
 * fixed keys, so a restart adds what is missing and leaves what an admin changed.
 */
export async function seedPricingDemoData(db: Database): Promise<void> {
  const catalogSkus = await db.select({ sku: skus.sku, family: skus.familyId }).from(skus);
  const data = pricingDemoData(catalogSkus);
  await db.transaction(async (tx) => {
    await tx.insert(skuPricingMethods).values(data.methods).onConflictDoNothing();
    await tx.insert(skuPriceBlocks).values(data.blocks).onConflictDoNothing();
    await tx.insert(discountSchedules).values(data.schedules).onConflictDoNothing();
    await tx.insert(discountScheduleTiers).values(data.scheduleTiers).onConflictDoNothing();
    await tx.insert(skuDiscountSchedules).values(data.skuSchedules).onConflictDoNothing();
    await tx.insert(termDiscounts).values(data.termDiscounts).onConflictDoNothing();
    await tx.insert(mcHwSkuCosts).values(data.cost).onConflictDoNothing();
  });
}

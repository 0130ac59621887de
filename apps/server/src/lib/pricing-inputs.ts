import { sql, type Column } from 'drizzle-orm';
import { applyPercent, parsePercentBp } from '@bastion/domain/pricing/decimal';
import type { CatalogSku, PricingInput, PricingLine } from '@bastion/domain/pricing/model';
import { supportCaseCostMinor } from '@bastion/domain/pricing/support-cases';
import type { Database } from '@bastion/db/client';
import {
  currencyRates,
  mcCostLookups,
  mcDurationDepreciation,
  mcHwSkuCosts,
  mcMarkups,
  mcSupportCases,
  partnerDiscounts,
  skuPrices,
  skuVolumeTiers,
  skus,
} from '@bastion/db/schema/catalog';
import { readTogether } from './read-together.ts';
import { type ReferenceReader, referenceReader } from './reference-data.ts';
import type { QuoteRow } from '@bastion/db/schema/quotes';

const percentBp = (text: string | null | undefined) => {
  const parsed = parsePercentBp(text ?? '0');
  return parsed.ok ? parsed.value : 0;
};

/**
 * `column` is one of `codes`, as one array parameter: a quote's hundreds of SKUs would otherwise
 * be as many parameters, each built into the statement one by one.
 */
const isOneOf = (column: Column, codes: readonly string[]) =>
  sql`${column} = any(${sql.param(codes)}::text[])`;

/** `rows` by the value of `key`, each group in the rows' order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The USD list price in effect on `day`, from a SKU's price rows. */
function usdPriceOn(prices: (typeof skuPrices.$inferSelect)[], day: string): number | null {
  const row = prices.find(
    (p) =>
      p.currencyCode === 'USD' &&
      p.effectiveFrom <= day &&
      (p.effectiveTo === null || p.effectiveTo > day),
  );
  return row ? row.unitPriceMinor : null;
}

/** A SKU's catalogue rows that pricing reads: the SKU, its prices, tiers and hardware cost. */
interface SkuReference {
  sku: typeof skus.$inferSelect;
  prices: (typeof skuPrices.$inferSelect)[];
  tiers: (typeof skuVolumeTiers.$inferSelect)[];
  hwCostUsdMinor: number | null;
}

/** The SKUs' rows (every currency), kept per SKU by the reference cache; unknown SKUs are left out. */
function skuReferencesOf(
  db: Database,
  reference: ReferenceReader,
  codes: readonly string[],
): Promise<Map<string, SkuReference>> {
  return reference.getMany('sku', codes, async (missing) => {
    const [skuRows, priceRows, tierRows, hwCosts] = await readTogether(db, [
      () => db.select().from(skus).where(isOneOf(skus.sku, missing)),
      () => db.select().from(skuPrices).where(isOneOf(skuPrices.sku, missing)),
      () => db.select().from(skuVolumeTiers).where(isOneOf(skuVolumeTiers.sku, missing)),
      () => db.select().from(mcHwSkuCosts).where(isOneOf(mcHwSkuCosts.sku, missing)),
    ]);
    const pricesBySku = groupBy(priceRows, (p) => p.sku);
    const tiersBySku = groupBy(tierRows, (t) => t.sku);
    const hwCostBySku = new Map(hwCosts.map((c) => [c.sku, c.unitCostUsdMinor]));
    return new Map(
      skuRows.map((sku) => [
        sku.sku,
        {
          sku,
          prices: pricesBySku.get(sku.sku) ?? [],
          tiers: tiersBySku.get(sku.sku) ?? [],
          hwCostUsdMinor: hwCostBySku.get(sku.sku) ?? null,
        },
      ]),
    );
  });
}

/** The whole small tables every pricing pass reads: discounts, rates and margin data. */
async function loadPricingTables(db: Database) {
  const [discounts, rates, lookups, markups, depreciation, supportCases] = await readTogether(db, [
    () => db.select().from(partnerDiscounts),
    () => db.select().from(currencyRates),
    () => db.select().from(mcCostLookups),
    () => db.select().from(mcMarkups),
    () => db.select().from(mcDurationDepreciation),
    () => db.select().from(mcSupportCases),
  ]);
  return { discounts, rates, lookups, markups, depreciation, supportCases };
}

/**
 * Everything the pricing engine needs for a quote's lines (docs/pricing.md): the SKUs with their
 * prices and tiers, the partner discounts, the exchange rates, and each
 * SKU's unit cost from the mc-* tables:
 * - hardware and access points: the mc-hw-sku-costs cost, plus the kind's markup;
 * - anything else: the USD list price × the cost-lookup percentage of its family and kind (or
 *   the family's ANY row), plus the markup;
 * - support also adds its family's support-case cost (cases a unit raises a year × the cost of a
 *   case, mc-support-cases) to that share, before the markup;
 * - per contract year, the kind's duration-depreciation percentage of that cost.
 * A SKU with no cost data has an unknown cost, and the quote no margin.
 */
export async function loadPricingInput(
  db: Database,
  quote: Pick<
    QuoteRow,
    'currencyCode' | 'priceDate' | 'quoteType' | 'contractLength' | 'salesChannel' | 'partnerType'
  >,
  lines: PricingLine[],
): Promise<PricingInput> {
  const reference = await referenceReader(db);
  // One after the other inside a transaction, whose one connection takes a query at a time.
  const [skuReferences, tables] = await readTogether(db, [
    () =>
      skuReferencesOf(
        db,
        reference,
        lines.map((l) => l.sku),
      ),
    () => reference.get('pricing-tables', () => loadPricingTables(db)),
  ]);
  const { discounts, rates, lookups, markups, depreciation, supportCases } = tables;
  const skuRows = [...skuReferences.values()].map((r) => r.sku);
  const hwCosts = [...skuReferences.values()].flatMap((r) =>
    r.hwCostUsdMinor === null ? [] : [{ sku: r.sku.sku, unitCostUsdMinor: r.hwCostUsdMinor }],
  );
  const currencies = new Set([quote.currencyCode, 'USD']);
  const priceRows = [...skuReferences.values()].flatMap((r) =>
    r.prices.filter((p) => currencies.has(p.currencyCode)),
  );
  const tierRows = [...skuReferences.values()].flatMap((r) => r.tiers);

  const costPercentOf = new Map(
    lookups.map((l) => [`${l.familyId}/${l.productKind}`, l.costPercent]),
  );
  const markupByKind = new Map(markups.map((m) => [m.productKind, m.percent]));
  const hwCostBySku = new Map(hwCosts.map((c) => [c.sku, c.unitCostUsdMinor]));
  const supportCaseCostByFamily = new Map(
    supportCases.map((c) => [
      c.familyId,
      supportCaseCostMinor(c.casesPerUnitYear, c.costPerCaseUsdMinor) ?? 0,
    ]),
  );

  const unitCostBeforeMarkup = (
    sku: typeof skus.$inferSelect,
    prices: (typeof skuPrices.$inferSelect)[],
  ): number | null => {
    if (sku.kind === 'BUNDLE') return 0;
    if (sku.kind === 'HARDWARE' || sku.kind === 'ACCESS_POINT') {
      return hwCostBySku.get(sku.sku) ?? null;
    }
    const usdList = usdPriceOn(prices, quote.priceDate);
    const costPercent =
      costPercentOf.get(`${sku.familyId}/${sku.kind}`) ?? costPercentOf.get(`${sku.familyId}/ANY`);
    if (usdList === null || costPercent === undefined) return null;
    const listShare = applyPercent(usdList, percentBp(costPercent));
    // A family without a support-case row adds nothing.
    return sku.kind === 'SUPPORT'
      ? listShare + (supportCaseCostByFamily.get(sku.familyId) ?? 0)
      : listShare;
  };

  const pricesBySku = groupBy(priceRows, (p) => p.sku);
  const tiersBySku = groupBy(tierRows, (t) => t.sku);
  const catalog: Record<string, CatalogSku> = {};
  for (const sku of skuRows) {
    const prices = pricesBySku.get(sku.sku) ?? [];
    const baseCost = unitCostBeforeMarkup(sku, prices);
    const markup = percentBp(markupByKind.get(sku.kind));
    const unitCost = baseCost === null ? null : baseCost + applyPercent(baseCost, markup);
    const factors = depreciation
      .filter((d) => d.productKind === sku.kind)
      .sort((a, b) => a.year - b.year);
    catalog[sku.sku] = {
      sku: sku.sku,
      name: sku.name,
      kind: sku.kind,
      active: sku.isActive,
      billing: sku.billing,
      prices: prices
        .filter((p) => p.currencyCode === quote.currencyCode)
        .map((p) => ({
          currency_code: p.currencyCode,
          unit_price_minor: p.unitPriceMinor,
          effective_from: p.effectiveFrom,
          effective_to: p.effectiveTo,
        })),
      volume_tiers: (tiersBySku.get(sku.sku) ?? []).map((t) => ({
        min_quantity: t.minQuantity,
        percent: t.percent,
      })),
      unit_cost_usd_minor: unitCost,
      cost_year_factors_percent: [1, 2, 3, 4, 5].map(
        (year) => factors.find((f) => f.year === year)?.percent ?? '100',
      ),
    };
  }

  return {
    currency_code: quote.currencyCode,
    price_date: quote.priceDate,
    quote_type: quote.quoteType,
    contract_length: quote.contractLength,
    sales_channel: quote.salesChannel,
    partner_type: quote.partnerType,
    // Issue 19: the price_adjustment app setting is a switch for unit list prices typed per line
    // (adjusted_unit_list_minor), no longer a percentage on every list price.
    price_adjustment_percent: '0',
    usd_rates: Object.fromEntries(rates.map((r) => [r.currencyCode, r.unitsPerUsd])),
    partner_discounts: discounts.map((d) => ({
      sales_channel: d.salesChannel,
      partner_type: d.partnerType,
      product_kind: d.productKind,
      percent: d.percent,
    })),
    lines,
    catalog,
  };
}

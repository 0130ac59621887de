import { and, eq, gte, lte, sql, type Column } from 'drizzle-orm';
import { entitlements } from '@bastion/db/schema/quotes';
import {
  applyPercent,
  MICRO_PER_UNIT,
  multiplyRatio,
  parsePercentBp,
  parseRateMicro,
} from '@bastion/domain/pricing/decimal';
import type {
  CatalogDiscountSchedule,
  CatalogPricingMethod,
  CatalogSku,
  PricingInput,
  PricingLine,
} from '@bastion/domain/pricing/model';
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
import {
  discountSchedules,
  discountScheduleTiers,
  skuDiscountSchedules,
  skuPriceBlocks,
  skuPricingMethods,
  termDiscounts,
} from '@bastion/db/schema/pricing';
import type { BlockRow, MethodRow, PriceRow, SkuRow } from '../../lib/db/rows.ts';
import { loadQuotePriceBook, type QuoteBookFacts } from './quote-price-book.repository.ts';
import { readTogether } from '../../lib/db/read-together.ts';
import { type ReferenceReader, referenceReader } from '../../lib/db/reference-data.ts';
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

/** The row of `rows` in effect on `day` ([from, to)), if any. */
function inEffectOn<T extends { effectiveFrom: string; effectiveTo: string | null }>(
  rows: readonly T[],
  day: string,
): T | undefined {
  return rows.find(
    (row) => row.effectiveFrom <= day && (row.effectiveTo === null || row.effectiveTo > day),
  );
}

/** The USD list price in effect on `day`, from a SKU's price rows. */
function usdPriceOn(prices: PriceRow[], day: string): number | null {
  return (
    inEffectOn(
      prices.filter((p) => p.currencyCode === 'USD'),
      day,
    )?.unitPriceMinor ?? null
  );
}

/**
 * A SKU's catalogue rows that pricing reads: the SKU, its prices, tiers, landed cost, pricing
 * methods (every date), price blocks (every currency) and the discount schedule it follows.
 */
interface SkuReference {
  sku: SkuRow;
  prices: PriceRow[];
  tiers: (typeof skuVolumeTiers.$inferSelect)[];
  hwCostUsdMinor: number | null;
  methods: MethodRow[];
  blocks: BlockRow[];
  scheduleId: string | null;
}

/** The SKUs' rows (every currency), kept per SKU by the reference cache; unknown SKUs are left out. */
function skuReferencesOf(
  db: Database,
  reference: ReferenceReader,
  codes: readonly string[],
): Promise<Map<string, SkuReference>> {
  return reference.getMany('sku', codes, async (missing) => {
    const [skuRows, priceRows, tierRows, hwCosts, methodRows, blockRows, scheduleLinks] =
      await readTogether(db, [
        () => db.select().from(skus).where(isOneOf(skus.sku, missing)),
        () => db.select().from(skuPrices).where(isOneOf(skuPrices.sku, missing)),
        () => db.select().from(skuVolumeTiers).where(isOneOf(skuVolumeTiers.sku, missing)),
        () => db.select().from(mcHwSkuCosts).where(isOneOf(mcHwSkuCosts.sku, missing)),
        () => db.select().from(skuPricingMethods).where(isOneOf(skuPricingMethods.sku, missing)),
        () => db.select().from(skuPriceBlocks).where(isOneOf(skuPriceBlocks.sku, missing)),
        () =>
          db.select().from(skuDiscountSchedules).where(isOneOf(skuDiscountSchedules.sku, missing)),
      ]);
    const pricesBySku = groupBy(priceRows, (p) => p.sku);
    const tiersBySku = groupBy(tierRows, (t) => t.sku);
    const methodsBySku = groupBy(methodRows, (m) => m.sku);
    const blocksBySku = groupBy(blockRows, (b) => b.sku);
    const scheduleBySku = new Map(scheduleLinks.map((link) => [link.sku, link.scheduleId]));
    const hwCostBySku = new Map(hwCosts.map((c) => [c.sku, c.unitCostUsdMinor]));
    return new Map(
      skuRows.map((sku) => [
        sku.sku,
        {
          sku,
          prices: pricesBySku.get(sku.sku) ?? [],
          tiers: tiersBySku.get(sku.sku) ?? [],
          hwCostUsdMinor: hwCostBySku.get(sku.sku) ?? null,
          methods: methodsBySku.get(sku.sku) ?? [],
          blocks: blocksBySku.get(sku.sku) ?? [],
          scheduleId: scheduleBySku.get(sku.sku) ?? null,
        },
      ]),
    );
  });
}

/**
 * The whole small tables every pricing pass reads: discounts, rates, margin data, discount
 * schedules and term discounts.
 */
async function loadPricingTables(db: Database) {
  const [
    discounts,
    rates,
    lookups,
    markups,
    depreciation,
    supportCases,
    schedules,
    scheduleTiers,
    terms,
  ] = await readTogether(db, [
    () => db.select().from(partnerDiscounts),
    () => db.select().from(currencyRates),
    () => db.select().from(mcCostLookups),
    () => db.select().from(mcMarkups),
    () => db.select().from(mcDurationDepreciation),
    () => db.select().from(mcSupportCases),
    () => db.select().from(discountSchedules),
    () => db.select().from(discountScheduleTiers),
    () => db.select().from(termDiscounts),
  ]);
  const tiersBySchedule = groupBy(scheduleTiers, (tier) => tier.scheduleId);
  const scheduleById = new Map<string, CatalogDiscountSchedule>(
    schedules.map((schedule) => [
      schedule.id,
      {
        id: schedule.id,
        type: schedule.scheduleType,
        aggregate: schedule.aggregate,
        include_installed_base: schedule.includeInstalledBase,
        tiers: (tiersBySchedule.get(schedule.id) ?? []).map((tier) => ({
          min_quantity: tier.minQuantity,
          percent: tier.percent,
        })),
      },
    ]),
  );
  return { discounts, rates, lookups, markups, depreciation, supportCases, scheduleById, terms };
}

/** A USD amount in the quote currency at `rate` (units per USD), rounded once; null if unknown. */
function fromUsd(amount: number | null, rate: string | undefined): number | null {
  if (amount === null) return null;
  const micro = parseRateMicro(rate ?? '');
  return micro.ok ? multiplyRatio(amount, micro.value, MICRO_PER_UNIT) : null;
}

/**
 * The SKU's pricing method in effect on `day`, for the engine: blocks in the quote currency,
 * floor and ceiling converted from USD at the quote's rate. None in effect: null (LIST).
 */
function pricingMethodOn(
  reference: SkuReference,
  day: string,
  currency: string,
  rate: string | undefined,
): CatalogPricingMethod | null {
  const row = inEffectOn(reference.methods, day);
  if (!row) return null;
  switch (row.method) {
    case 'LIST':
      return null;
    case 'PERCENT_OF_TOTAL':
      return {
        method: 'PERCENT_OF_TOTAL',
        percent: row.percent ?? '',
        covers: row.covers ?? { scope: 'SKU', skus: [] },
        floor_minor: fromUsd(row.floorUsdMinor, rate),
        ceiling_minor: fromUsd(row.ceilingUsdMinor, rate),
      };
    case 'BLOCK':
      return {
        method: 'BLOCK',
        blocks: reference.blocks
          .filter((block) => block.currencyCode === currency)
          .map((block) => ({
            min_quantity: block.minQuantity,
            max_quantity: block.maxQuantity,
            price_minor: block.priceMinor,
          })),
      };
    case 'COST_PLUS':
      return { method: 'COST_PLUS', markup_percent: row.percent ?? '' };
  }
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
  quote: Pick<QuoteRow, 'quoteType' | 'contractLength' | 'unitsPerUsd'> & QuoteBookFacts,
  lines: PricingLine[],
): Promise<PricingInput> {
  const reference = await referenceReader(db);
  const codes = lines.map((l) => l.sku);
  // One after the other inside a transaction, whose one connection takes a query at a time.
  const [skuReferences, tables, book] = await readTogether(db, [
    () => skuReferencesOf(db, reference, codes),
    () => reference.get('pricing-tables', () => loadPricingTables(db)),
    () => loadQuotePriceBook(db, reference, quote, codes),
  ]);
  const { discounts, rates, lookups, markups, depreciation, supportCases, scheduleById, terms } =
    tables;
  const quoteRate =
    quote.currencyCode === 'USD'
      ? '1'
      : rates.find((r) => r.currencyCode === quote.currencyCode)?.unitsPerUsd;
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

  const unitCostBeforeMarkup = (sku: SkuRow, prices: PriceRow[]): number | null => {
    if (sku.kind === 'BUNDLE') return 0;
    if (sku.kind === 'HARDWARE' || sku.kind === 'ACCESS_POINT') {
      return hwCostBySku.get(sku.sku) ?? null;
    }
    // Issue 35: a SKU with a cost of its own (a cost-plus service) uses it, whatever its kind.
    const ownCost = hwCostBySku.get(sku.sku);
    if (ownCost !== undefined) return ownCost;
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

  /** The quote currency's price rows; a SKU in the quote's price book has the book's price. */
  const pricesFrom = (code: string, rows: readonly PriceRow[]) => {
    const bookPrice = book.prices.get(code);
    if (bookPrice !== undefined) {
      return [
        {
          currency_code: quote.currencyCode,
          unit_price_minor: bookPrice,
          effective_from: book.effectiveFrom,
          effective_to: book.effectiveTo,
        },
      ];
    }
    return rows
      .filter((p) => p.currencyCode === quote.currencyCode)
      .map((p) => ({
        currency_code: p.currencyCode,
        unit_price_minor: p.unitPriceMinor,
        effective_from: p.effectiveFrom,
        effective_to: p.effectiveTo,
      }));
  };
  const pricesBySku = groupBy(priceRows, (p) => p.sku);
  const tiersBySku = groupBy(tierRows, (t) => t.sku);
  const catalog: Record<string, CatalogSku> = {};
  for (const sku of skuRows) {
    const reference = skuReferences.get(sku.sku);
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
      prices: pricesFrom(sku.sku, prices),
      volume_tiers: (tiersBySku.get(sku.sku) ?? []).map((t) => ({
        min_quantity: t.minQuantity,
        percent: t.percent,
      })),
      unit_cost_usd_minor: unitCost,
      cost_year_factors_percent: [1, 2, 3, 4, 5].map(
        (year) => factors.find((f) => f.year === year)?.percent ?? '100',
      ),
      family: sku.familyId,
      model: sku.attributes.model ?? null,
      pricing_method: reference
        ? pricingMethodOn(reference, quote.priceDate, quote.currencyCode, quoteRate)
        : null,
      discount_schedule: reference?.scheduleId
        ? (scheduleById.get(reference.scheduleId) ?? null)
        : null,
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
    term_discounts: terms.map((t) => ({
      product_kind: t.productKind,
      min_months: t.minMonths,
      percent: t.percent,
    })),
    lines,
    catalog,
    price_book: book.book,
    notices: [...book.notices, ...rateNotices(quote, quoteRate)],
    installed_base: await installedBaseOf(db, quote, catalog),
  };
}

/**
 * Issue 35: the units of each SKU the account holds on the price date, for the SKUs whose
 * discount schedule counts the installed base; nothing is read when none does.
 */
async function installedBaseOf(
  db: Database,
  quote: Pick<QuoteRow, 'accountId' | 'priceDate'>,
  catalog: Record<string, CatalogSku>,
): Promise<Record<string, number>> {
  const counted = Object.values(catalog)
    .filter((sku) => sku.discount_schedule?.include_installed_base === true)
    .map((sku) => sku.sku);
  if (counted.length === 0 || quote.accountId === '') return {};
  const rows = await db
    .select({ sku: entitlements.sku, units: sql<string>`sum(${entitlements.quantity})` })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.accountId, quote.accountId),
        isOneOf(entitlements.sku, counted),
        lte(entitlements.startDate, quote.priceDate),
        gte(entitlements.endDate, quote.priceDate),
      ),
    )
    .groupBy(entitlements.sku);
  return Object.fromEntries(rows.map((row) => [row.sku, Number(row.units)]));
}

/** Rates as people read them: "0.92", "151.5" (the stored text has six decimals). */
const rateText = (rate: string) => rate.replace(/(\.\d*?[1-9])0+$|\.0+$/, '$1');

/**
 * Issue 35: a quote keeps the rate it was last priced at (quotes.units_per_usd); when today's
 * differs, the seller is told before saving moves the quote onto it.
 */
function rateNotices(
  quote: Pick<QuoteRow, 'currencyCode' | 'unitsPerUsd'>,
  current: string | undefined,
): string[] {
  if (quote.currencyCode === 'USD' || quote.unitsPerUsd === null || current === undefined) {
    return [];
  }
  const before = parseRateMicro(quote.unitsPerUsd);
  const now = parseRateMicro(current);
  if (!before.ok || !now.ok || before.value === now.value) return [];
  return [
    `The ${quote.currencyCode} rate has changed since this quote was last priced: ${rateText(quote.unitsPerUsd)} then, ${rateText(current)} now (per US dollar). Saving prices it at today's rate.`,
  ];
}

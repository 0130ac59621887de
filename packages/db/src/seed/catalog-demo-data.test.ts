import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from '../schema/catalog.ts';
import { CATALOG_DEMO, catalogDemoData } from './catalog-demo-data.ts';
import { DEMO_SKU_SCHEDULES } from './catalog-demo-products.ts';
import { LIST_CURRENCIES, PRICE_PERIODS } from './catalog-demo-tables.ts';
import { REFERENCE_LOOKUPS } from './form-recipes.ts';
import { choiceProblems, startingChoice } from '@bastion/domain/catalog/bundle-options';
import { DEMO_RULE_CATALOG } from '@bastion/domain/product-rules/demo-rules';
import { ZSkuAttributes } from '@bastion/domain/product-rules/schemas';

const data = CATALOG_DEMO;
const skuByCode = new Map(data.skus.map((s) => [s.sku, s]));
const lookupValues = (lookup: string) =>
  REFERENCE_LOOKUPS.filter((l) => l.lookup === lookup).map((l) => l.value);
const isHardware = (kind: string) => kind === 'HARDWARE' || kind === 'ACCESS_POINT';
const pricesOf = (sku: string, currency: string) =>
  data.prices
    .filter((p) => p.sku === sku && p.currencyCode === currency)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
const usdOn = (sku: string, from: string) =>
  pricesOf(sku, 'USD').find((p) => p.effectiveFrom === from)?.unitPriceMinor;
const dollars = (sku: string, from: string) => (usdOn(sku, from) ?? Number.NaN) / 100;

describe('the demo catalogue', () => {
  it('is the catalogue the demo product rules read: same SKUs, families, kinds and end of sale', () => {
    for (const [code, entry] of Object.entries(DEMO_RULE_CATALOG)) {
      const sku = skuByCode.get(code);
      expect(sku, code).toBeDefined();
      expect(
        { family: sku?.familyId, kind: sku?.kind, is_end_of_sale: sku?.isActive === false },
        code,
      ).toEqual({ family: entry.family, kind: entry.kind, is_end_of_sale: entry.is_end_of_sale });
      expect(sku?.attributes, code).toEqual(entry.attributes);
    }
    // Every appliance and its support carry a model; every attribute set is one an admin could save.
    const withModel = data.skus.filter((s) => s.attributes?.model !== undefined);
    expect(withModel.length).toBeGreaterThan(100);
    for (const sku of data.skus)
      expect(ZSkuAttributes.safeParse(sku.attributes).success).toBe(true);
  });

  it('is the same on every run', () => {
    expect(catalogDemoData()).toEqual(data);
  });

  it('has over 300 SKUs of every kind, with unique part numbers', () => {
    expect(data.skus.length).toBeGreaterThanOrEqual(300);
    expect(skuByCode.size).toBe(data.skus.length);
    expect(new Set(data.skus.map((s) => s.kind))).toEqual(new Set(PRODUCT_KINDS));
    const inactive = data.skus.filter((s) => s.isActive === false);
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    expect(inactive.length).toBeLessThanOrEqual(5);
  });

  it('uses the product_families lookup as its families, each with SKUs', () => {
    expect(data.families.map((f) => f.id)).toEqual(lookupValues('product_families'));
    const familyIds = new Set(data.families.map((f) => f.id));
    for (const sku of data.skus) expect(familyIds.has(sku.familyId)).toBe(true);
    for (const node of data.nodes)
      if (node.familyId) expect(familyIds.has(node.familyId)).toBe(true);
    for (const family of familyIds) {
      expect(data.skus.some((s) => s.familyId === family && s.isActive !== false)).toBe(true);
    }
  });

  it('hangs every SKU from a leaf of a tree whose parents come first', () => {
    const seen = new Set<string>();
    for (const node of data.nodes) {
      expect(node.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      if (node.parentId) expect(seen.has(node.parentId)).toBe(true);
      seen.add(node.id ?? '');
    }
    expect(seen.size).toBe(data.nodes.length);
    // Sibling names are unique, as the database's index requires.
    const siblingKeys = data.nodes.map((n) => `${n.parentId ?? ''}/${n.name.toLowerCase()}`);
    expect(new Set(siblingKeys).size).toBe(data.nodes.length);

    const parents = new Set(data.nodes.map((n) => n.parentId).filter(Boolean));
    const nodeById = new Map(data.nodes.map((n) => [n.id, n]));
    const used = new Set<string>();
    for (const sku of data.skus) {
      const node = nodeById.get(sku.hierarchyNodeId ?? '');
      expect(node, sku.sku).toBeDefined();
      expect(parents.has(node?.id ?? '')).toBe(false);
      // A node with a family holds only that family's SKUs.
      if (node?.familyId) expect(sku.familyId).toBe(node.familyId);
      used.add(node?.id ?? '');
    }
    const leaves = data.nodes.filter((n) => !parents.has(n.id ?? ''));
    for (const leaf of leaves) expect(used.has(leaf.id ?? ''), leaf.name).toBe(true);
    expect(data.nodes.filter((n) => n.parentId === null).map((n) => n.name)).toEqual(
      expect.arrayContaining([
        'Network Security',
        'Wireless',
        'Secure Access',
        'Security Operations',
        'Services',
      ]),
    );
  });

  it('bills each kind the way it is sold', () => {
    for (const sku of data.skus) {
      const billing = ['SUBSCRIPTION', 'SUPPORT'].includes(sku.kind) ? 'ANNUAL' : 'ONE_TIME';
      expect(sku.billing, sku.sku).toBe(billing);
      expect(sku.isShippable, sku.sku).toBe(isHardware(sku.kind));
    }
    const firewalls = data.skus.filter(
      (s) => s.kind === 'HARDWARE' && /^BX-\d+[A-Z]?-HW$/.test(s.sku),
    );
    const virtual = data.skus.filter((s) => /^VM-\d+-LIC$/.test(s.sku));
    expect(firewalls.length + virtual.length).toBeGreaterThanOrEqual(20);
    expect(virtual.every((s) => s.kind === 'SUBSCRIPTION')).toBe(true);
    expect(data.skus.filter((s) => s.kind === 'ACCESS_POINT').length).toBeGreaterThanOrEqual(8);
    expect(data.skus.filter((s) => s.kind === 'SERVICE').length).toBeGreaterThanOrEqual(20);
  });

  it('sizes secure access by LAP size under both pricing models', () => {
    const secureAccess = data.skus.filter((s) => s.pricingModel !== null);
    for (const model of ['Device Based', 'Local Access Point Based']) {
      const sizes = secureAccess.filter((s) => s.pricingModel === model).map((s) => s.size);
      expect(new Set(sizes)).toEqual(new Set(['xs', 's', 'm', 'l']));
    }
    for (const sku of secureAccess) {
      expect(sku.familyId).toBe('SECURE_ACCESS');
      expect(sku.kind).toBe('SUBSCRIPTION');
    }
    expect(data.skus.filter((s) => s.size !== null)).toEqual(secureAccess);
  });

  it('prices every SKU in USD, EUR and GBP from 2026, in whole units, without overlaps', () => {
    for (const sku of data.skus) {
      for (const currency of Object.keys(LIST_CURRENCIES)) {
        const rows = pricesOf(sku.sku, currency);
        expect(
          rows.some((r) => r.effectiveFrom === PRICE_PERIODS.current),
          sku.sku,
        ).toBe(true);
        expect(rows.filter((r) => r.effectiveTo === null)).toHaveLength(1);
        // Ranges follow one another without gaps or overlaps.
        rows.forEach((row, index) => {
          expect(row.unitPriceMinor % 100).toBe(0);
          const next = rows[index + 1];
          if (next) expect(row.effectiveTo).toBe(next.effectiveFrom);
          else expect(row.effectiveTo).toBeNull();
        });
      }
    }
    expect(new Set(data.prices.map((p) => p.id)).size).toBe(data.prices.length);
  });

  it('converts the USD list at fixed rates', () => {
    for (const price of data.prices.filter((p) => p.currencyCode !== 'USD')) {
      const usd = data.prices.find(
        (p) =>
          p.sku === price.sku &&
          p.currencyCode === 'USD' &&
          p.effectiveFrom === price.effectiveFrom,
      );
      const rate = LIST_CURRENCIES[price.currencyCode as 'EUR' | 'GBP'];
      expect(price.unitPriceMinor).toBe(
        Math.round(((usd?.unitPriceMinor ?? 0) / 100) * rate) * 100,
      );
    }
  });

  it('keeps last year’s list for a third of the SKUs and raises about 20 in 2027', () => {
    const withHistory = data.skus.filter((s) => usdOn(s.sku, PRICE_PERIODS.previous) !== undefined);
    expect(withHistory.length / data.skus.length).toBeGreaterThan(0.28);
    expect(withHistory.length / data.skus.length).toBeLessThan(0.4);
    for (const sku of withHistory) {
      const change =
        dollars(sku.sku, PRICE_PERIODS.previous) - dollars(sku.sku, PRICE_PERIODS.current);
      // About 5 % lower, and at least a dollar.
      expect(change).toBeLessThanOrEqual(-1);
      expect(Math.abs(change + dollars(sku.sku, PRICE_PERIODS.current) * 0.05)).toBeLessThanOrEqual(
        1,
      );
    }
    // End-of-sale models keep their price history.
    for (const sku of data.skus.filter((s) => s.isActive === false)) {
      expect(withHistory).toContain(sku);
    }

    const raised = data.skus.filter((s) => usdOn(s.sku, PRICE_PERIODS.next) !== undefined);
    expect(raised.length).toBeGreaterThanOrEqual(15);
    expect(raised.length).toBeLessThanOrEqual(25);
    for (const sku of raised) {
      const change = dollars(sku.sku, PRICE_PERIODS.next) - dollars(sku.sku, PRICE_PERIODS.current);
      // About 4 % higher, and at least a dollar.
      expect(change).toBeGreaterThanOrEqual(1);
      expect(Math.abs(change - dollars(sku.sku, PRICE_PERIODS.current) * 0.04)).toBeLessThanOrEqual(
        1,
      );
    }
  });

  it('prices firewall support as a share of the appliance', () => {
    const list = (sku: string) => dollars(sku, PRICE_PERIODS.current);
    expect(list('BX-100F-HW')).toBe(2495);
    // Standard, Premium and Elite: 15, 20 and 28 % of it, to the dollar.
    const support = ['STD', 'PRM', 'ELT'].map((tier) => list(`BX-100F-SUP-${tier}`));
    expect(support).toEqual([374, 499, 699]);
    expect(list('BX-7000-HW')).toBe(249995);
  });

  it('builds bundles from SKUs it has, at no price of their own', () => {
    const bundles = data.skus.filter((s) => s.kind === 'BUNDLE');
    expect(bundles.length).toBeGreaterThanOrEqual(20);
    for (const bundle of bundles) {
      const components = data.bundles.filter((c) => c.bundleSku === bundle.sku);
      // The fixed bundles hold three components; the bundle with options (issue 34) eight.
      expect(components.length, bundle.sku).toBe(bundle.sku === 'BX-200F-FLEX' ? 8 : 3);
      expect(data.prices.filter((p) => p.sku === bundle.sku).map((p) => p.unitPriceMinor)).toEqual([
        0, 0, 0,
      ]);
    }
    for (const component of data.bundles) {
      const sku = skuByCode.get(component.componentSku);
      expect(sku, component.componentSku).toBeDefined();
      expect(sku?.isActive).not.toBe(false);
      expect(sku?.kind).not.toBe('BUNDLE');
      expect(skuByCode.get(component.bundleSku)?.kind).toBe('BUNDLE');
    }
    expect(
      data.bundles.filter((c) => c.bundleSku === 'BX-100F-BDL').map((c) => c.componentSku),
    ).toEqual(['BX-100F-HW', 'BX-100F-TP', 'BX-100F-SUP-PRM']);
  });

  it('has one bundle with options, its groups naming options it has, and a fixed bundle has none', () => {
    expect(
      data.bundleFeatures.map((f) => [f.bundleSku, f.name, f.minOptions, f.maxOptions]),
    ).toEqual([
      ['BX-200F-FLEX', 'Support tier', 1, 1],
      ['BX-200F-FLEX', 'Subscriptions', 0, 3],
    ]);
    const definition = {
      features: data.bundleFeatures.map((f) => ({
        name: f.name,
        min_options: f.minOptions ?? 0,
        max_options: f.maxOptions ?? null,
      })),
      options: data.bundles
        .filter((c) => c.bundleSku === 'BX-200F-FLEX')
        .map((c) => ({
          sku: c.componentSku,
          quantity: c.quantity ?? 1,
          feature: c.feature ?? null,
          selection: c.selection ?? 'REQUIRED',
        })),
    };
    // Its starting choice can be quoted as it is.
    expect(choiceProblems('BX-200F-FLEX', definition, startingChoice(definition))).toEqual([]);
    expect(
      data.bundles.filter((c) => c.bundleSku !== 'BX-200F-FLEX' && (c.feature ?? null) !== null),
    ).toEqual([]);
  });

  it('gives volume tiers to subscriptions and access points only, but those on a schedule or block priced', () => {
    for (const sku of data.skus) {
      const tiers = data.tiers
        .filter((t) => t.sku === sku.sku)
        .sort((a, b) => a.minQuantity - b.minQuantity);
      // Issue 35: a SKU on a shared schedule has none of its own; a block has no volume discount.
      const isPricedOtherwise = sku.sku in DEMO_SKU_SCHEDULES || sku.sku === 'LA-VM-FLEX';
      const hasTiers =
        (sku.kind === 'SUBSCRIPTION' || sku.kind === 'ACCESS_POINT') && !isPricedOtherwise;
      expect(tiers.length > 0, sku.sku).toBe(hasTiers);
      tiers.forEach((tier, index) => {
        expect(tier.percent).toMatch(/^\d{1,2}\.\d{2}$/);
        const previous = tiers[index - 1];
        if (previous) expect(Number(tier.percent)).toBeGreaterThan(Number(previous.percent));
      });
    }
  });

  it('has a partner discount for every channel, partner type and kind', () => {
    const partnerTypes = new Set(data.partnerDiscounts.map((d) => d.partnerType));
    for (const type of [...lookupValues('partner_types'), 'SILVER', 'GOLD', 'PLATINUM']) {
      expect(partnerTypes.has(type), type).toBe(true);
    }
    const key = (d: (typeof data.partnerDiscounts)[number]) =>
      `${d.salesChannel}/${d.partnerType}/${d.productKind}`;
    expect(new Set(data.partnerDiscounts.map(key)).size).toBe(data.partnerDiscounts.length);
    expect(data.partnerDiscounts).toHaveLength(2 * partnerTypes.size * PRODUCT_KINDS.length);
    const percent = new Map(data.partnerDiscounts.map((d) => [key(d), Number(d.percent)]));
    for (const d of data.partnerDiscounts) {
      expect(d.percent).toMatch(/^\d{1,2}\.\d{2}$/);
      if (d.salesChannel === 'T2') {
        expect(Number(d.percent)).toBeGreaterThanOrEqual(
          percent.get(key({ ...d, salesChannel: 'T1' })) ?? 100,
        );
      }
    }
  });

  it('has the rates and cost data margins need', () => {
    expect(
      Object.fromEntries(data.rates.map((r) => [r.currencyCode, r.unitsPerUsd])),
    ).toMatchObject({
      USD: '1.000000',
      EUR: '0.920000',
      GBP: '0.790000',
    });
    const hwCost = new Map(data.hwCosts.map((c) => [c.sku, c.unitCostUsdMinor]));
    for (const sku of data.skus) {
      if (!isHardware(sku.kind)) {
        expect(hwCost.has(sku.sku), sku.sku).toBe(false);
        continue;
      }
      const share = (hwCost.get(sku.sku) ?? 0) / (usdOn(sku.sku, PRICE_PERIODS.current) ?? 1);
      expect(share, sku.sku).toBeGreaterThanOrEqual(0.35);
      expect(share, sku.sku).toBeLessThanOrEqual(0.45);
    }
    // Every family has a default (ANY) cost percentage; services and support their own.
    expect(
      data.costLookups
        .filter((c) => c.productKind === 'ANY')
        .map((c) => c.familyId)
        .sort(),
    ).toEqual(data.families.map((f) => f.id).sort());
    expect(new Set(data.costLookups.map((c) => c.productKind))).toEqual(
      new Set(['ANY', 'SERVICE', 'SUPPORT']),
    );
    expect(data.markups.map((m) => m.productKind)).toEqual([...PRODUCT_KINDS]);
    for (const kind of PRODUCT_KINDS) {
      const years = data.depreciation.filter((d) => d.productKind === kind).map((d) => d.year);
      expect(years).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('gives every family that sells support a support load that leaves the support a margin', () => {
    const supportFamilies = new Set(
      data.skus.filter((s) => s.kind === 'SUPPORT').map((s) => s.familyId),
    );
    expect(data.supportCases.map((c) => c.familyId).sort()).toEqual([...supportFamilies].sort());
    const loadOf = new Map(data.supportCases.map((c) => [c.familyId, c]));
    const supportPercent = new Map(
      data.costLookups.filter((c) => c.productKind === 'SUPPORT').map((c) => [c.familyId, c]),
    );
    for (const sku of data.skus.filter((s) => s.kind === 'SUPPORT' && s.isActive !== false)) {
      const load = loadOf.get(sku.familyId);
      const list = usdOn(sku.sku, PRICE_PERIODS.current) ?? 0;
      const share = (list * Number(supportPercent.get(sku.familyId)?.costPercent ?? 0)) / 100;
      const cases = Number(load?.casesPerUnitYear) * (load?.costPerCaseUsdMinor ?? 0);
      // Cost lookup share + cases × cost per case stays below the list price.
      expect(share + cases, sku.sku).toBeLessThan(list);
    }
  });

  it('asks approval for a few SKUs it has, with reasons', () => {
    expect(data.approvalSkus.length).toBeGreaterThanOrEqual(4);
    expect(data.approvalSkus.length).toBeLessThanOrEqual(6);
    for (const approval of data.approvalSkus) {
      expect(skuByCode.has(approval.sku), approval.sku).toBe(true);
      expect(approval.reason.length).toBeGreaterThan(10);
    }
  });
});

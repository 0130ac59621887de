/** The demo catalogue's tables and row types, its price periods and list currencies, and its fixed keys. */
import { createHash } from 'node:crypto';
import type { PRODUCT_KINDS } from '../schema/catalog.ts';
import {
  approvalSkus,
  bundleComponents,
  bundleFeatures,
  currencyRates,
  mcCostLookups,
  mcDurationDepreciation,
  mcHwSkuCosts,
  mcMarkups,
  mcSupportCases,
  partnerDiscounts,
  productFamilies,
  productHierarchyNodes,
  skuPrices,
  skus,
  skuVolumeTiers,
} from '../schema/catalog.ts';

/**
 * The tables the demo catalogue fills, keyed as its data, in insert order: what a row points at
 * comes first (a parent node before its children, a SKU before its prices).
 */
export const CATALOG_TABLES = {
  families: productFamilies,
  nodes: productHierarchyNodes,
  skus,
  prices: skuPrices,
  tiers: skuVolumeTiers,
  bundles: bundleComponents,
  bundleFeatures,
  partnerDiscounts,
  rates: currencyRates,
  hwCosts: mcHwSkuCosts,
  costLookups: mcCostLookups,
  markups: mcMarkups,
  supportCases: mcSupportCases,
  depreciation: mcDurationDepreciation,
  approvalSkus,
} as const;
export type CatalogTables = typeof CATALOG_TABLES;

export type CatalogDemoData = {
  [K in keyof CatalogTables]: CatalogTables[K]['$inferInsert'][];
};
export type RowOf<K extends keyof CatalogTables> = CatalogDemoData[K][number];

export type Kind = (typeof PRODUCT_KINDS)[number];

/** The product families are the `product_families` lookup: a quote's families are catalog ids. */
export type FamilyId = 'FIREWALL' | 'SECURE_ACCESS' | 'ENDPOINT' | 'CLOUD' | 'IDENTITY';

/** Price periods: last year's list, this year's, and next year's increase. */
export const PRICE_PERIODS = {
  previous: '2025-01-01',
  current: '2026-01-01',
  next: '2027-01-01',
} as const;
/** When each price list was published (rows carry it as created_at). */
export const PUBLISHED_AT = {
  previous: new Date('2024-11-04T09:00:00Z'),
  current: new Date('2025-11-03T09:00:00Z'),
  next: new Date('2026-10-05T09:00:00Z'),
} as const;
export const LOADED_AT = PUBLISHED_AT.current;

/** List prices are set in USD; the other price lists follow at these rates, in whole units. */
export const LIST_CURRENCIES = { USD: 1, EUR: 0.92, GBP: 0.79 } as const;
/** Last year's list was about 5 % lower; next year's increase is about 4 %. */
export const PREVIOUS_FACTOR = 0.95;
export const NEXT_FACTOR = 1.04;

/** Hierarchy node ids are fixed per node, like menu ids: a new node takes a new number. */
export function catalogNodeId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** A name-based (version 5 layout) uuid, so a price row keeps its id whatever is added around it. */
export function keyedUuid(key: string): string {
  const bytes = createHash('sha1').update(`bastion-catalog-demo:${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

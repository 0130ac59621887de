import type { LookupKind, ProductKind } from '../api/margin-data-keys.ts';

/** How a finance user names each kind of product. */
export const KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  HARDWARE: 'Hardware',
  ACCESS_POINT: 'Access points',
  SUBSCRIPTION: 'Subscriptions',
  SUPPORT: 'Support',
  SERVICE: 'Services',
  BUNDLE: 'Bundles',
};

export const LOOKUP_KIND_LABELS: Readonly<Record<LookupKind, string>> = {
  ANY: 'Family default',
  SUBSCRIPTION: 'Subscriptions',
  SUPPORT: 'Support',
  SERVICE: 'Services',
};

/** A cost lookup's kind as named: the family default (ANY), or the kind of product. */
export const lookupKindLabel = (kind: ProductKind | 'ANY') =>
  kind === 'ANY' ? LOOKUP_KIND_LABELS.ANY : KIND_LABELS[kind];

/** The lookup kinds in the order the page offers them. */
export const LOOKUP_KINDS: readonly LookupKind[] = ['ANY', 'SUBSCRIPTION', 'SUPPORT', 'SERVICE'];

/** Where each kind's unit cost comes from, for the markup and depreciation pages. */
export const KIND_COST_SOURCES: Readonly<Record<Exclude<ProductKind, 'BUNDLE'>, string>> = {
  HARDWARE: 'Landed cost per SKU (Hardware SKU costs)',
  ACCESS_POINT: 'Landed cost per SKU (Hardware SKU costs)',
  SUBSCRIPTION: 'A share of the USD list price (Cost lookup)',
  SUPPORT: 'A share of the USD list price (Cost lookup), plus its support cases (Support cases)',
  SERVICE: 'A share of the USD list price (Cost lookup)',
};

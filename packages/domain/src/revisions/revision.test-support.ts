import type { RevisionLine } from './snapshot.ts';

/** Test support: a revision's line of ten units at 1,000.00 a year, undiscounted, unless given. */
export const revisionLine = (sku: string, over: Partial<RevisionLine> = {}): RevisionLine => ({
  sku,
  name: `Product ${sku}`,
  parent_sku: null,
  quantities: [10],
  discount_percent: '0',
  net_per_year_minor: [100_000],
  net_minor: 100_000,
  ...over,
});

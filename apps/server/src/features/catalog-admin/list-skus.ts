import type { Database } from '@bastion/db/client';
import type { ListSkusInput } from '@bastion/domain/catalog/admin-api';
import { findSkuPage, listNodes } from './catalog-admin.repository.ts';
import { pathsOf, subtreeOf } from './hierarchy-tree.ts';
import { skuFieldsOf } from './sku-record.ts';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';
import { isoDayOf } from '../../lib/clock.ts';

const STATUS_FILTERS = { all: null, active: true, inactive: false } as const;

/** The lines chosen and every line below them; null when no line is chosen (all SKUs). */
function chosenLines(nodes: Parameters<typeof subtreeOf>[0], input: ListSkusInput) {
  const roots = [...(input.node_id ? [input.node_id] : []), ...input.node_ids];
  if (roots.length === 0) return null;
  return [...new Set(roots.flatMap((root) => subtreeOf(nodes, root)))];
}

/** One page of the catalogue grid: search, filters, product lines' subtrees, sort. */
export async function listSkus(db: Database, input: ListSkusInput, now: Date = new Date()) {
  const day = isoDayOf(now);
  const nodes = await listNodes(db);
  const { rows, total } = await findSkuPage(db, {
    search: input.search,
    familyId: input.family_id,
    kind: input.kind,
    isActive: STATUS_FILTERS[input.status],
    nodeIds: chosenLines(nodes, input),
    sort: input.sort,
    direction: input.direction,
    ...pageWindow(input),
    priceDate: day,
  });
  const paths = pathsOf(nodes);
  return {
    total,
    ...pageOf(input),
    price_date: day,
    rows: rows.map(({ sku, familyName, usdPriceMinor }) => ({
      ...skuFieldsOf(sku, familyName, paths),
      usd_price_minor: usdPriceMinor,
    })),
  };
}

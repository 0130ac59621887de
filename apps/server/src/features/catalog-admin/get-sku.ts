import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { SkuDetail } from '@bastion/domain/catalog/admin-api';
import {
  countQuoteLinesOf,
  findFamily,
  listComponentsOf,
  listFeaturesOf,
  listNodes,
  listPricesOn,
} from './catalog-admin.repository.ts';
import { pathsOf } from './hierarchy-tree.ts';
import { requireSku } from './sku-lookup.ts';
import { skuFieldsOf } from './sku-record.ts';
import { isoDayOf } from '../../lib/clock.ts';

/**
 * One SKU for its panel: where it sits, how many quote lines use it, today's prices, and a
 * bundle's components and option groups.
 */
export async function getSku(
  db: Database,
  code: string,
  now: Date = new Date(),
): Promise<SkuDetail> {
  const sku = await requireSku(db, code);
  const day = isoDayOf(now);
  const isBundle = sku.kind === 'BUNDLE';
  const [family, nodes, quoteLineCount, prices, components, features] = await Promise.all([
    findFamily(db, sku.familyId),
    listNodes(db),
    countQuoteLinesOf(db, sku.sku),
    listPricesOn(db, sku.sku, day),
    isBundle ? listComponentsOf(db, sku.sku) : Promise.resolve([]),
    isBundle ? listFeaturesOf(db, sku.sku) : Promise.resolve([]),
  ]);
  return {
    ...skuFieldsOf(sku, family?.name ?? sku.familyId, pathsOf(nodes)),
    quote_line_count: quoteLineCount,
    price_date: day,
    prices_today: prices.map((p) => ({
      currency_code: p.currencyCode,
      unit_price_minor: p.unitPriceMinor,
    })),
    components: components.map((c) => ({
      sku: c.sku,
      name: c.name,
      kind: c.kind,
      is_active: c.isActive,
      quantity: c.quantity,
      feature: c.feature,
      selection: c.selection,
    })),
    features: features.map(bundleFeatureOf),
    successor_sku: sku.successorSku,
    attributes: storedSkuAttributes(sku.attributes),
  };
}

/** A stored option group as the API names it. */
export const bundleFeatureOf = (f: {
  name: string;
  minOptions: number;
  maxOptions: number | null;
}) => ({ name: f.name, min_options: f.minOptions, max_options: f.maxOptions });

import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { SkuDetail } from './catalog-admin.schemas.ts';
import {
  countQuoteLinesOf,
  findFamily,
  findSku,
  listComponentsOf,
  listNodes,
  listPricesOn,
} from './catalog-admin.repository.ts';
import { pathsOf } from './hierarchy-tree.ts';
import { skuNotFound } from './catalog-admin-errors.ts';
import { dayOf } from './today.ts';
import { skuFieldsOf } from './sku-record.ts';

/**
 * One SKU for its panel: where it sits, how many quote lines use it, today's prices, and a
 * bundle's components.
 */
export async function getSku(
  db: Database,
  code: string,
  now: Date = new Date(),
): Promise<SkuDetail> {
  const sku = await findSku(db, code);
  if (!sku) throw skuNotFound(code);
  const day = dayOf(now);
  const [family, nodes, quoteLineCount, prices, components] = await Promise.all([
    findFamily(db, sku.familyId),
    listNodes(db),
    countQuoteLinesOf(db, sku.sku),
    listPricesOn(db, sku.sku, day),
    sku.kind === 'BUNDLE' ? listComponentsOf(db, sku.sku) : Promise.resolve([]),
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
    })),
    successor_sku: sku.successorSku,
    attributes: storedSkuAttributes(sku.attributes),
  };
}

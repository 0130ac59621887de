import type { Database } from '@bastion/db/client';
import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import {
  findBundleComponents,
  findBundleFeatures,
  findPricesOn,
  listHierarchyNodes,
  searchSkus as querySkus,
  type SkuRow,
} from './catalog.repository.ts';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { storedLinesHiddenSkus } from '../../core/pricing/product-rule-inputs.repository.ts';
import { findVisibleQuote, viewerOf } from '../../core/quotes/visibility.repository.ts';

export interface SkuSearchRequest {
  search?: string | undefined;
  node_id?: string | undefined;
  family_id?: string | undefined;
  kinds?: SkuRow['kind'][] | undefined;
  currency_code: string;
  /** 'YYYY-MM-DD'; today when absent. */
  price_date?: string | undefined;
  include_inactive: boolean;
  quote_id?: string | undefined;
  page: number;
  page_size: number;
}

/** Every node under `rootId`, itself included: choosing a branch shows the SKUs of its leaves. */
function subtreeOf(nodes: { id: string; parentId: string | null }[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    if (!node.parentId) continue;
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  }
  const found: string[] = [];
  const pending = [rootId];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    found.push(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/**
 * What the product rules' filters hide from the finder on a quote the caller sees (issue 34);
 * 404 for a quote they do not.
 */
async function hiddenForQuote(
  db: Database,
  caller: AuthContext,
  quoteId: string | undefined,
  now: Date,
): Promise<string[]> {
  if (quoteId === undefined) return [];
  const quote = await findVisibleQuote(db, viewerOf(caller), quoteId);
  if (!quote) throw new AppError('NOT_FOUND', 'There is no such quote, or it is not yours to see.');
  return storedLinesHiddenSkus(db, quote, now);
}

/**
 * SKUs for the product pickers: search, a hierarchy branch, a family; with today's price. For a
 * quote, without what its product rules' filters hide.
 */
export async function searchSkus(
  db: Database,
  caller: AuthContext,
  request: SkuSearchRequest,
  today = new Date(),
) {
  const day = request.price_date ?? today.toISOString().slice(0, 10);
  const excluded = await hiddenForQuote(db, caller, request.quote_id, today);
  const nodeIds = request.node_id
    ? subtreeOf(await listHierarchyNodes(db), request.node_id)
    : undefined;
  const { rows, total } = await querySkus(db, {
    search: request.search,
    nodeIds,
    familyId: request.family_id,
    kinds: request.kinds,
    includeInactive: request.include_inactive,
    excluded,
    ...pageWindow(request),
  });
  const codes = rows.map((r) => r.sku);
  const bundles = rows.filter((r) => r.kind === 'BUNDLE').map((r) => r.sku);
  const [prices, components, features] = await Promise.all([
    findPricesOn(db, codes, request.currency_code, day),
    findBundleComponents(db, bundles),
    findBundleFeatures(db, bundles),
  ]);
  return {
    total,
    ...pageOf(request),
    currency_code: request.currency_code,
    price_date: day,
    rows: rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      description: r.description,
      kind: r.kind,
      billing: r.billing,
      family_id: r.familyId,
      hierarchy_node_id: r.hierarchyNodeId,
      size: r.size,
      pricing_model: r.pricingModel,
      is_shippable: r.isShippable,
      is_active: r.isActive,
      /** Null when the SKU is not sold in this currency on this day. */
      unit_price_minor: prices.get(r.sku) ?? null,
      ha_capable: storedSkuAttributes(r.attributes).ha_capable === true,
      components: components
        .filter((c) => c.bundleSku === r.sku)
        .map((c) => ({
          sku: c.componentSku,
          name: c.name,
          kind: c.kind,
          billing: c.billing,
          quantity: c.quantity,
          feature: c.feature,
          selection: c.selection,
        })),
      features: features
        .filter((f) => f.bundleSku === r.sku)
        .map((f) => ({ name: f.name, min_options: f.minOptions, max_options: f.maxOptions })),
    })),
  };
}

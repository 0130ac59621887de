import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  bundleComponents,
  bundleFeatures,
  productFamilies,
  productHierarchyNodes,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';
import { containsText, inEffectOn, readPage } from '../../lib/db/queries.ts';
import type { SkuRow } from '../../lib/db/rows.ts';

export type { SkuRow };

export async function listHierarchyNodes(db: Database) {
  const skuCounts = db
    .select({ nodeId: skus.hierarchyNodeId, n: count().as('n') })
    .from(skus)
    .where(eq(skus.isActive, true))
    .groupBy(skus.hierarchyNodeId)
    .as('sku_counts');
  return db
    .select({
      id: productHierarchyNodes.id,
      parentId: productHierarchyNodes.parentId,
      name: productHierarchyNodes.name,
      familyId: productHierarchyNodes.familyId,
      sortOrder: productHierarchyNodes.sortOrder,
      skuCount: sql<number>`coalesce(${skuCounts.n}, 0)::int`,
    })
    .from(productHierarchyNodes)
    .leftJoin(skuCounts, eq(skuCounts.nodeId, productHierarchyNodes.id))
    .orderBy(asc(productHierarchyNodes.sortOrder), asc(productHierarchyNodes.name));
}

export async function listFamilies(db: Database) {
  return db.select().from(productFamilies).orderBy(asc(productFamilies.sortOrder));
}

export interface SkuSearch {
  search?: string | undefined;
  nodeIds?: string[] | undefined;
  familyId?: string | undefined;
  kinds?: SkuRow['kind'][] | undefined;
  includeInactive: boolean;
  /** SKUs not to offer (a product rule's filter). */
  excluded?: readonly string[] | undefined;
  offset: number;
  limit: number;
}

export async function searchSkus(db: Database, query: SkuSearch) {
  const where: SQL | undefined = and(
    query.includeInactive ? undefined : eq(skus.isActive, true),
    containsText(query.search, skus.sku, skus.name),
    query.nodeIds ? inArray(skus.hierarchyNodeId, query.nodeIds) : undefined,
    query.familyId ? eq(skus.familyId, query.familyId) : undefined,
    query.kinds?.length ? inArray(skus.kind, query.kinds) : undefined,
    query.excluded?.length
      ? sql`${skus.sku} <> all(${sql.param([...query.excluded])}::text[])`
      : undefined,
  );
  return readPage(
    query,
    db.select().from(skus).where(where).orderBy(asc(skus.familyId), asc(skus.sku)).$dynamic(),
    db.$count(skus, where),
  );
}

/** The unit list price of each SKU in a currency on a day, where it has one. */
export async function findPricesOn(
  db: Database,
  skuCodes: readonly string[],
  currencyCode: string,
  day: string,
): Promise<Map<string, number>> {
  if (skuCodes.length === 0) return new Map();
  const rows = await db
    .select({ sku: skuPrices.sku, unitPriceMinor: skuPrices.unitPriceMinor })
    .from(skuPrices)
    .where(
      and(
        inArray(skuPrices.sku, [...skuCodes]),
        eq(skuPrices.currencyCode, currencyCode),
        inEffectOn(skuPrices, day),
      ),
    );
  return new Map(rows.map((row) => [row.sku, row.unitPriceMinor]));
}

/** The option groups of these bundles, in the order the configurator shows them. */
export async function findBundleFeatures(db: Database, bundleSkus: readonly string[]) {
  if (bundleSkus.length === 0) return [];
  return db
    .select()
    .from(bundleFeatures)
    .where(inArray(bundleFeatures.bundleSku, [...bundleSkus]))
    .orderBy(asc(bundleFeatures.bundleSku), asc(bundleFeatures.position));
}

export async function findBundleComponents(db: Database, bundleSkus: readonly string[]) {
  if (bundleSkus.length === 0) return [];
  return db
    .select({
      bundleSku: bundleComponents.bundleSku,
      componentSku: bundleComponents.componentSku,
      quantity: bundleComponents.quantity,
      feature: bundleComponents.feature,
      selection: bundleComponents.selection,
      name: skus.name,
      kind: skus.kind,
      billing: skus.billing,
    })
    .from(bundleComponents)
    .innerJoin(skus, eq(skus.sku, bundleComponents.componentSku))
    .where(inArray(bundleComponents.bundleSku, [...bundleSkus]))
    .orderBy(
      asc(bundleComponents.bundleSku),
      asc(bundleComponents.position),
      asc(bundleComponents.componentSku),
    );
}

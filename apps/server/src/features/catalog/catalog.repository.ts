import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  bundleComponents,
  productFamilies,
  productHierarchyNodes,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';

export type SkuRow = typeof skus.$inferSelect;

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

/** `%`, `_` and `\` are wildcards to LIKE: a search for them means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface SkuSearch {
  search?: string | undefined;
  nodeIds?: string[] | undefined;
  familyId?: string | undefined;
  kinds?: SkuRow['kind'][] | undefined;
  includeInactive: boolean;
  offset: number;
  limit: number;
}

export async function searchSkus(db: Database, query: SkuSearch) {
  const where: SQL | undefined = and(
    query.includeInactive ? undefined : eq(skus.isActive, true),
    query.search
      ? or(ilike(skus.sku, likePattern(query.search)), ilike(skus.name, likePattern(query.search)))
      : undefined,
    query.nodeIds ? inArray(skus.hierarchyNodeId, query.nodeIds) : undefined,
    query.familyId ? eq(skus.familyId, query.familyId) : undefined,
    query.kinds?.length ? inArray(skus.kind, query.kinds) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(skus)
      .where(where)
      .orderBy(asc(skus.familyId), asc(skus.sku))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(skus).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
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
        lte(skuPrices.effectiveFrom, day),
        or(isNull(skuPrices.effectiveTo), gt(skuPrices.effectiveTo, day)),
      ),
    );
  return new Map(rows.map((row) => [row.sku, row.unitPriceMinor]));
}

export async function findBundleComponents(db: Database, bundleSkus: readonly string[]) {
  if (bundleSkus.length === 0) return [];
  return db
    .select({
      bundleSku: bundleComponents.bundleSku,
      componentSku: bundleComponents.componentSku,
      quantity: bundleComponents.quantity,
      name: skus.name,
    })
    .from(bundleComponents)
    .innerJoin(skus, eq(skus.sku, bundleComponents.componentSku))
    .where(inArray(bundleComponents.bundleSku, [...bundleSkus]))
    .orderBy(asc(bundleComponents.bundleSku), asc(bundleComponents.componentSku));
}

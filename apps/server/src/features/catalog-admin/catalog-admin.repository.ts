// Kept whole: the catalogue administration's queries, in sections over the same SKU tables.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OptionSelection } from '@bastion/domain/catalog/bundle-options';
import type { Database } from '@bastion/db/client';
import {
  bundleComponents,
  bundleFeatures,
  productFamilies,
  productHierarchyNodes,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';
import { quoteLines } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import {
  chunksOf,
  containsText,
  firstOrNull,
  inEffectOn,
  namedOtherThan,
  readPage,
} from '../../lib/db/queries.ts';
import { listPriceOn } from '../../core/pricing/list-prices.repository.ts';
import type { NewSku, NodeRow, PriceRow, SkuRow } from '../../lib/db/rows.ts';
import type { SkuSortField } from '@bastion/domain/catalog/admin-api';

/* Queries of the catalogue administration only: the use-cases decide. */

export type { NewSku, NodeRow, PriceRow, SkuRow };

export async function listFamilies(db: Database) {
  return db
    .select()
    .from(productFamilies)
    .orderBy(asc(productFamilies.sortOrder), asc(productFamilies.name));
}

export async function findFamily(db: Database, id: string) {
  return firstOrNull(db.select().from(productFamilies).where(eq(productFamilies.id, id)));
}

/* SKUs. */

export interface SkuPageQuery {
  search: string;
  familyId: string;
  kind: SkuRow['kind'] | '';
  isActive: boolean | null;
  nodeIds: string[] | null;
  sort: SkuSortField;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** The day the USD price is read for. */
  priceDate: string;
}

const SORT_COLUMNS = {
  sku: skus.sku,
  name: skus.name,
  family: productFamilies.name,
  kind: skus.kind,
  status: skus.isActive,
  updated_at: skus.updatedAt,
} as const satisfies Record<SkuSortField, unknown>;

export async function findSkuPage(db: Database, query: SkuPageQuery) {
  const where: SQL | undefined = and(
    containsText(query.search, skus.sku, skus.name),
    query.familyId ? eq(skus.familyId, query.familyId) : undefined,
    query.kind ? eq(skus.kind, query.kind) : undefined,
    query.isActive === null ? undefined : eq(skus.isActive, query.isActive),
    query.nodeIds ? inArray(skus.hierarchyNodeId, query.nodeIds) : undefined,
  );
  const order = query.direction === 'asc' ? asc : desc;
  return readPage(
    query,
    db
      .select({
        sku: skus,
        familyName: productFamilies.name,
        usdPriceMinor: listPriceOn(skus.sku, 'USD', query.priceDate),
      })
      .from(skus)
      .innerJoin(productFamilies, eq(productFamilies.id, skus.familyId))
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), asc(skus.sku))
      .$dynamic(),
    db.$count(skus, where),
  );
}

/** Every SKU, inactive ones too, in code order: the SKU export. */
export async function listSkusForExport(db: Database): Promise<SkuRow[]> {
  return db.select().from(skus).orderBy(asc(skus.sku));
}

export async function findSku(db: Database, code: string): Promise<SkuRow | null> {
  return firstOrNull(db.select().from(skus).where(eq(skus.sku, code)));
}

/**
 * The SKUs with these codes, locked until the transaction ends: price changes to one SKU queue
 * behind each other. Locked in code order, so two imports cannot deadlock.
 */
export async function lockSkus(db: Database, codes: readonly string[]): Promise<SkuRow[]> {
  const found: SkuRow[] = [];
  const sorted = [...new Set(codes)].sort();
  for (const chunk of chunksOf(sorted)) {
    found.push(
      ...(await db
        .select()
        .from(skus)
        .where(inArray(skus.sku, chunk))
        .orderBy(asc(skus.sku))
        .for('update')),
    );
  }
  return found;
}

export async function insertSku(db: Database, sku: NewSku): Promise<void> {
  await db.insert(skus).values(sku);
}

export async function updateSku(
  db: Database,
  code: string,
  change: Omit<NewSku, 'sku'>,
): Promise<void> {
  await db.update(skus).set(change).where(eq(skus.sku, code));
}

export async function countQuoteLinesOf(db: Database, code: string): Promise<number> {
  return db.$count(quoteLines, eq(quoteLines.sku, code));
}

/* The product hierarchy. */

export async function listNodes(db: Database): Promise<NodeRow[]> {
  return db
    .select()
    .from(productHierarchyNodes)
    .orderBy(asc(productHierarchyNodes.sortOrder), asc(productHierarchyNodes.name));
}

/** SKUs placed directly on each line, all and active ones. */
export async function countSkusByNode(db: Database) {
  return db
    .select({
      nodeId: skus.hierarchyNodeId,
      all: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${skus.isActive}))::int`,
    })
    .from(skus)
    .groupBy(skus.hierarchyNodeId);
}

export async function findNode(db: Database, id: string): Promise<NodeRow | null> {
  return firstOrNull(
    db.select().from(productHierarchyNodes).where(eq(productHierarchyNodes.id, id)),
  );
}

/**
 * Hierarchy changes take turns: a move checks the tree for cycles and siblings for names, and
 * those checks hold only while nobody else changes the tree. Readers are not blocked.
 */
export async function lockHierarchy(db: Database): Promise<void> {
  await db.execute(sql`lock table ${productHierarchyNodes} in share row exclusive mode`);
}

/** The lines under `parentId`, or the top level's when it is null. */
const childOf = (parentId: string | null) =>
  parentId === null
    ? isNull(productHierarchyNodes.parentId)
    : eq(productHierarchyNodes.parentId, parentId);

/** A sibling (same parent, or both top level) with this name in any case, other than `exceptId`. */
export async function findSiblingNamed(
  db: Database,
  parentId: string | null,
  name: string,
  exceptId: string | null,
): Promise<NodeRow | null> {
  return firstOrNull(
    db
      .select()
      .from(productHierarchyNodes)
      .where(and(childOf(parentId), namedOtherThan(productHierarchyNodes, name, exceptId))),
  );
}

export async function nextSortOrder(db: Database, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${productHierarchyNodes.sortOrder})` })
    .from(productHierarchyNodes)
    .where(childOf(parentId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertNode(
  db: Database,
  node: typeof productHierarchyNodes.$inferInsert,
): Promise<NodeRow> {
  const [row] = await db.insert(productHierarchyNodes).values(node).returning();
  if (!row) throw new Error('hierarchy insert returned nothing');
  return row;
}

export async function updateNode(
  db: Database,
  id: string,
  change: Partial<Omit<typeof productHierarchyNodes.$inferInsert, 'id'>>,
): Promise<NodeRow | null> {
  return firstOrNull(
    db
      .update(productHierarchyNodes)
      .set(change)
      .where(eq(productHierarchyNodes.id, id))
      .returning(),
  );
}

/** The lines sharing a parent (or the top level), in the order sellers see them. */
export async function listSiblings(db: Database, parentId: string | null): Promise<NodeRow[]> {
  return db
    .select()
    .from(productHierarchyNodes)
    .where(childOf(parentId))
    .orderBy(
      asc(productHierarchyNodes.sortOrder),
      asc(productHierarchyNodes.name),
      asc(productHierarchyNodes.id),
    );
}

export async function setSortOrder(
  db: Database,
  id: string,
  sortOrder: number,
  now: Date,
): Promise<void> {
  await db
    .update(productHierarchyNodes)
    .set({ sortOrder, updatedAt: now })
    .where(eq(productHierarchyNodes.id, id));
}

export async function countNodeContents(db: Database, id: string) {
  const [children] = await db
    .select({ n: count() })
    .from(productHierarchyNodes)
    .where(eq(productHierarchyNodes.parentId, id));
  const [placed] = await db
    .select({
      all: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${skus.isActive}))::int`,
    })
    .from(skus)
    .where(eq(skus.hierarchyNodeId, id));
  return {
    children: children?.n ?? 0,
    skus: placed?.all ?? 0,
    activeSkus: placed?.active ?? 0,
  };
}

export async function deleteNode(db: Database, id: string): Promise<void> {
  await db.delete(productHierarchyNodes).where(eq(productHierarchyNodes.id, id));
}

/* Bundles. */

/** A bundle's components with what the catalogue says of each, in the order they were saved. */
export async function listComponentsOf(db: Database, bundleSku: string) {
  return db
    .select({
      sku: bundleComponents.componentSku,
      quantity: bundleComponents.quantity,
      feature: bundleComponents.feature,
      selection: bundleComponents.selection,
      name: skus.name,
      kind: skus.kind,
      isActive: skus.isActive,
    })
    .from(bundleComponents)
    .innerJoin(skus, eq(skus.sku, bundleComponents.componentSku))
    .where(eq(bundleComponents.bundleSku, bundleSku))
    .orderBy(asc(bundleComponents.componentSku));
}

/** A bundle's option groups (issue 34), in the order the configurator shows them. */
export async function listFeaturesOf(db: Database, bundleSku: string) {
  return db
    .select({
      name: bundleFeatures.name,
      minOptions: bundleFeatures.minOptions,
      maxOptions: bundleFeatures.maxOptions,
    })
    .from(bundleFeatures)
    .where(eq(bundleFeatures.bundleSku, bundleSku))
    .orderBy(asc(bundleFeatures.position), asc(bundleFeatures.name));
}

/** Replaces a bundle's option groups with these, numbered 1, 2, 3… (call inside a transaction). */
export async function replaceFeatures(
  db: Database,
  bundleSku: string,
  features: readonly { name: string; min_options: number; max_options: number | null }[],
): Promise<void> {
  await db.delete(bundleFeatures).where(eq(bundleFeatures.bundleSku, bundleSku));
  if (features.length === 0) return;
  await db.insert(bundleFeatures).values(
    features.map((f, index) => ({
      bundleSku,
      name: f.name,
      position: index + 1,
      minOptions: f.min_options,
      maxOptions: f.max_options,
    })),
  );
}

/** Replaces a bundle's components with these (call inside a transaction). */
export async function replaceComponents(
  db: Database,
  bundleSku: string,
  components: readonly {
    sku: string;
    quantity: number;
    feature: string | null;
    selection: OptionSelection;
  }[],
): Promise<void> {
  await db.delete(bundleComponents).where(eq(bundleComponents.bundleSku, bundleSku));
  if (components.length === 0) return;
  await db.insert(bundleComponents).values(
    components.map((c) => ({
      bundleSku,
      componentSku: c.sku,
      quantity: c.quantity,
      feature: c.feature,
      selection: c.selection,
    })),
  );
}

/** The bundles that hold a SKU as a component, and whether each is active. */
export async function listBundlesHolding(db: Database, componentSku: string) {
  return db
    .select({ sku: bundleComponents.bundleSku, isActive: skus.isActive })
    .from(bundleComponents)
    .innerJoin(skus, eq(skus.sku, bundleComponents.bundleSku))
    .where(eq(bundleComponents.componentSku, componentSku))
    .orderBy(asc(bundleComponents.bundleSku));
}

/** SKUs that name this one as their successor (renewals migrate them to it). */
export async function listPredecessorsOf(db: Database, code: string) {
  return db
    .select({ sku: skus.sku })
    .from(skus)
    .where(eq(skus.successorSku, code))
    .orderBy(asc(skus.sku));
}

/* Prices. */

/** Every price row of a SKU, newest first, with who set it. */
export async function listPriceHistory(db: Database, code: string) {
  return db
    .select({ price: skuPrices, createdByEmail: users.email })
    .from(skuPrices)
    .leftJoin(users, eq(users.id, skuPrices.createdBy))
    .where(eq(skuPrices.sku, code))
    .orderBy(desc(skuPrices.effectiveFrom), asc(skuPrices.currencyCode), desc(skuPrices.createdAt));
}

/** The price rows of these SKUs, in every currency. */
export async function listPriceRowsOf(db: Database, codes: readonly string[]): Promise<PriceRow[]> {
  const rows: PriceRow[] = [];
  for (const chunk of chunksOf([...new Set(codes)])) {
    rows.push(...(await db.select().from(skuPrices).where(inArray(skuPrices.sku, chunk))));
  }
  return rows;
}

export async function findPriceRow(db: Database, id: string): Promise<PriceRow | null> {
  return firstOrNull(db.select().from(skuPrices).where(eq(skuPrices.id, id)));
}

/** The prices of a SKU in effect on a day, one per currency. */
export async function listPricesOn(db: Database, code: string, day: string) {
  return db
    .select({ currencyCode: skuPrices.currencyCode, unitPriceMinor: skuPrices.unitPriceMinor })
    .from(skuPrices)
    .where(and(eq(skuPrices.sku, code), inEffectOn(skuPrices, day)))
    .orderBy(asc(skuPrices.currencyCode));
}

/** Every price row, or those in effect on a day, with the SKUs in code order. */
export async function listPricesForExport(db: Database, on: string | null) {
  return db
    .select()
    .from(skuPrices)
    .where(on === null ? undefined : inEffectOn(skuPrices, on))
    .orderBy(asc(skuPrices.sku), asc(skuPrices.currencyCode), asc(skuPrices.effectiveFrom));
}

export async function updatePriceRow(
  db: Database,
  id: string,
  change: Partial<Pick<PriceRow, 'effectiveTo' | 'unitPriceMinor' | 'createdBy' | 'createdAt'>>,
): Promise<void> {
  await db.update(skuPrices).set(change).where(eq(skuPrices.id, id));
}

export async function insertPriceRows(
  db: Database,
  rows: readonly (typeof skuPrices.$inferInsert)[],
): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    if (chunk.length > 0) await db.insert(skuPrices).values(chunk);
  }
}

export async function deletePriceRow(db: Database, id: string): Promise<void> {
  await db.delete(skuPrices).where(eq(skuPrices.id, id));
}

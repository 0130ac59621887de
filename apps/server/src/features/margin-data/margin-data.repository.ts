import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  approvalSkus,
  mcCostLookups,
  mcDurationDepreciation,
  mcHwSkuCosts,
  mcMarkups,
  mcSupportCases,
  productFamilies,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';
import { containsText, countOf, firstOrNull, inEffectOn, readPage } from '../../lib/db/queries.ts';
import type { CostLookupRow, SkuRow, SupportCaseRow } from '../../lib/db/rows.ts';

/* The margin data and approval SKUs, as their screens read and write them. Queries only. */

export type LookupKindValue = CostLookupRow['productKind'];
export type SkuKind = SkuRow['kind'];

/* Families and SKUs. */

export async function findFamily(db: Database, id: string) {
  return firstOrNull(db.select().from(productFamilies).where(eq(productFamilies.id, id)));
}

/** Every family with how many SKUs (of `kind`, when given) it holds, retired ones included. */
function familiesWithSkuCounts(db: Database, kind?: SkuKind) {
  const counts = db
    .select({ familyId: skus.familyId, n: count().as('n') })
    .from(skus)
    .where(kind ? eq(skus.kind, kind) : undefined)
    .groupBy(skus.familyId)
    .as('sku_counts');
  return db
    .select({
      id: productFamilies.id,
      name: productFamilies.name,
      isActive: productFamilies.isActive,
      skuCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(productFamilies)
    .leftJoin(counts, eq(counts.familyId, productFamilies.id))
    .orderBy(asc(productFamilies.sortOrder), asc(productFamilies.name));
}

export async function listFamiliesWithSkuCounts(db: Database) {
  return familiesWithSkuCounts(db);
}

export async function countSkusOfFamily(db: Database, familyId: string): Promise<number> {
  return db.$count(skus, eq(skus.familyId, familyId));
}

export async function findSku(db: Database, code: string) {
  return firstOrNull(db.select().from(skus).where(eq(skus.sku, code)));
}

/** SKUs by part number or name, for pickers: at most `limit`, by part number. */
export async function searchSkuOptions(db: Database, search: string, limit: number) {
  return db
    .select({
      sku: skus.sku,
      name: skus.name,
      kind: skus.kind,
      isActive: skus.isActive,
      isListed: sql<boolean>`(${approvalSkus.sku} is not null)`,
    })
    .from(skus)
    .leftJoin(approvalSkus, eq(approvalSkus.sku, skus.sku))
    .where(containsText(search, skus.sku, skus.name))
    .orderBy(asc(skus.sku))
    .limit(limit);
}

/** The USD unit list price of each SKU in effect on `day`, where it has one. */
export async function findUsdPricesOn(
  db: Database,
  codes: readonly string[],
  day: string,
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ sku: skuPrices.sku, unitPriceMinor: skuPrices.unitPriceMinor })
    .from(skuPrices)
    .where(
      and(
        inArray(skuPrices.sku, [...codes]),
        eq(skuPrices.currencyCode, 'USD'),
        inEffectOn(skuPrices, day),
      ),
    )
    .orderBy(asc(skuPrices.effectiveFrom));
  // Rows of one SKU should not overlap; if they do, the latest start wins, as on screen.
  return new Map(rows.map((r) => [r.sku, r.unitPriceMinor]));
}

/* Cost lookups. */

export async function listCostLookups(db: Database) {
  return db
    .select({ lookup: mcCostLookups, familyName: productFamilies.name })
    .from(mcCostLookups)
    .innerJoin(productFamilies, eq(productFamilies.id, mcCostLookups.familyId))
    .orderBy(
      asc(productFamilies.sortOrder),
      asc(productFamilies.name),
      // The family's default first, then its kinds by name.
      sql`${mcCostLookups.productKind} <> 'ANY'`,
      asc(mcCostLookups.productKind),
    );
}

export async function findCostLookup(db: Database, familyId: string, kind: LookupKindValue) {
  return firstOrNull(
    db
      .select()
      .from(mcCostLookups)
      .where(and(eq(mcCostLookups.familyId, familyId), eq(mcCostLookups.productKind, kind))),
  );
}

export async function upsertCostLookup(db: Database, row: CostLookupRow) {
  await db
    .insert(mcCostLookups)
    .values(row)
    .onConflictDoUpdate({
      target: [mcCostLookups.familyId, mcCostLookups.productKind],
      set: { costPercent: row.costPercent },
    });
}

export async function deleteCostLookup(db: Database, familyId: string, kind: LookupKindValue) {
  await db
    .delete(mcCostLookups)
    .where(and(eq(mcCostLookups.familyId, familyId), eq(mcCostLookups.productKind, kind)));
}

/* Markups. */

export async function listMarkups(db: Database) {
  return db.select().from(mcMarkups);
}

export async function findMarkup(db: Database, kind: SkuKind) {
  return firstOrNull(db.select().from(mcMarkups).where(eq(mcMarkups.productKind, kind)));
}

export async function upsertMarkup(db: Database, kind: SkuKind, percent: string) {
  await db
    .insert(mcMarkups)
    .values({ productKind: kind, percent })
    .onConflictDoUpdate({ target: mcMarkups.productKind, set: { percent } });
}

/* Duration depreciation. */

export async function listDepreciation(db: Database) {
  return db
    .select()
    .from(mcDurationDepreciation)
    .orderBy(asc(mcDurationDepreciation.productKind), asc(mcDurationDepreciation.year));
}

/**
 * The kind's years become these percentages (index 0 is year 1), in one statement, so two
 * admins saving the same kind at once both succeed and the later one wins.
 */
export async function upsertDepreciation(db: Database, kind: SkuKind, percents: string[]) {
  await db
    .insert(mcDurationDepreciation)
    .values(percents.map((percent, index) => ({ productKind: kind, year: index + 1, percent })))
    .onConflictDoUpdate({
      target: [mcDurationDepreciation.productKind, mcDurationDepreciation.year],
      set: { percent: sql`excluded.percent` },
    });
}

/* Hardware SKU costs. */

export interface HwSkuCostQuery {
  kinds: SkuKind[];
  search: string;
  isMissingCostOnly: boolean;
  includeRetired: boolean;
  focusSku: string | null;
  offset: number;
  limit: number;
}

export async function findHwSkuCostPage(db: Database, query: HwSkuCostQuery) {
  const where: SQL | undefined = and(
    inArray(skus.kind, query.kinds),
    query.focusSku ? eq(skus.sku, query.focusSku) : undefined,
    query.includeRetired || query.focusSku ? undefined : eq(skus.isActive, true),
    query.isMissingCostOnly ? isNull(mcHwSkuCosts.sku) : undefined,
    containsText(query.search, skus.sku, skus.name),
  );
  const matching = () =>
    db
      .select({ sku: skus, familyName: productFamilies.name, cost: mcHwSkuCosts })
      .from(skus)
      .innerJoin(productFamilies, eq(productFamilies.id, skus.familyId))
      .leftJoin(mcHwSkuCosts, eq(mcHwSkuCosts.sku, skus.sku))
      .where(where);
  return readPage(
    query,
    matching().orderBy(asc(skus.sku)).$dynamic(),
    db.$count(matching().as('matches')),
  );
}

/** Sold hardware and access-point SKUs without a cost. */
export async function countMissingHwCosts(db: Database, kinds: SkuKind[]): Promise<number> {
  return countOf(
    db
      .select({ n: count() })
      .from(skus)
      .leftJoin(mcHwSkuCosts, eq(mcHwSkuCosts.sku, skus.sku))
      .where(and(inArray(skus.kind, kinds), eq(skus.isActive, true), isNull(mcHwSkuCosts.sku))),
  );
}

export async function findHwSkuCost(db: Database, code: string) {
  return firstOrNull(db.select().from(mcHwSkuCosts).where(eq(mcHwSkuCosts.sku, code)));
}

export async function upsertHwSkuCost(db: Database, code: string, unitCostUsdMinor: number) {
  const [row] = await db
    .insert(mcHwSkuCosts)
    .values({ sku: code, unitCostUsdMinor })
    .onConflictDoUpdate({
      target: mcHwSkuCosts.sku,
      set: { unitCostUsdMinor, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error(`hardware cost of ${code} vanished after upsert`);
  return row;
}

export async function deleteHwSkuCost(db: Database, code: string) {
  await db.delete(mcHwSkuCosts).where(eq(mcHwSkuCosts.sku, code));
}

/* Support cases. */

export type { SupportCaseRow };

/** Every family with how many SUPPORT SKUs it holds (retired ones included). */
export async function listFamiliesWithSupportSkuCounts(db: Database) {
  const families = await familiesWithSkuCounts(db, 'SUPPORT');
  return families.map(({ skuCount, ...family }) => ({ ...family, supportSkuCount: skuCount }));
}

export async function listSupportCases(db: Database) {
  return db
    .select({ supportCase: mcSupportCases, familyName: productFamilies.name })
    .from(mcSupportCases)
    .innerJoin(productFamilies, eq(productFamilies.id, mcSupportCases.familyId))
    .orderBy(asc(productFamilies.sortOrder), asc(productFamilies.name));
}

export async function findSupportCase(db: Database, familyId: string) {
  return firstOrNull(db.select().from(mcSupportCases).where(eq(mcSupportCases.familyId, familyId)));
}

export async function upsertSupportCase(
  db: Database,
  row: Pick<SupportCaseRow, 'familyId' | 'casesPerUnitYear' | 'costPerCaseUsdMinor'>,
) {
  const [saved] = await db
    .insert(mcSupportCases)
    .values(row)
    .onConflictDoUpdate({
      target: mcSupportCases.familyId,
      set: {
        casesPerUnitYear: row.casesPerUnitYear,
        costPerCaseUsdMinor: row.costPerCaseUsdMinor,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!saved) throw new Error(`support cases of ${row.familyId} vanished after upsert`);
  return saved;
}

export async function deleteSupportCase(db: Database, familyId: string) {
  await db.delete(mcSupportCases).where(eq(mcSupportCases.familyId, familyId));
}

/* Approval SKUs. */

export async function listApprovalSkus(db: Database) {
  return db
    .select({ entry: approvalSkus, name: skus.name, kind: skus.kind, isSkuActive: skus.isActive })
    .from(approvalSkus)
    .innerJoin(skus, eq(skus.sku, approvalSkus.sku))
    .orderBy(asc(approvalSkus.sku));
}

export async function findApprovalSku(db: Database, code: string) {
  return firstOrNull(db.select().from(approvalSkus).where(eq(approvalSkus.sku, code)));
}

export async function upsertApprovalSku(db: Database, row: typeof approvalSkus.$inferInsert) {
  await db
    .insert(approvalSkus)
    .values(row)
    .onConflictDoUpdate({
      target: approvalSkus.sku,
      set: { reason: row.reason, isActive: row.isActive ?? true },
    });
}

export async function deleteApprovalSku(db: Database, code: string) {
  await db.delete(approvalSkus).where(eq(approvalSkus.sku, code));
}

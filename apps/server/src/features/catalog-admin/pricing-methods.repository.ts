import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import {
  discountSchedules,
  discountScheduleTiers,
  skuDiscountSchedules,
  skuPriceBlocks,
  skuPricingMethods,
  termDiscounts,
} from '@bastion/db/schema/pricing';
import { users } from '@bastion/db/schema/users';
import type { ProductKind } from '@bastion/domain/pricing/product-kinds';
import { firstOrNull, namedOtherThan } from '../../lib/db/queries.ts';
import type { BlockRow, MethodRow } from '../../lib/db/rows.ts';

/* Queries of the pricing methods, block bands, discount schedules and term discounts (issue 35). */

export type { BlockRow, MethodRow };
export type NewMethodRow = typeof skuPricingMethods.$inferInsert;
export type ScheduleRow = typeof discountSchedules.$inferSelect;
export type TermDiscountRow = typeof termDiscounts.$inferSelect;

/* Pricing methods. */

/**
 * Method changes take turns: a change is checked for cycles against every other SKU's methods,
 * and that check holds only while nobody else changes them. Readers are not blocked.
 */
export async function lockPricingMethods(db: Database): Promise<void> {
  await db.execute(sql`lock table ${skuPricingMethods} in share row exclusive mode`);
}

/** Every method row of a SKU, newest first, with who set it. */
export async function listMethodHistory(db: Database, sku: string) {
  return db
    .select({ method: skuPricingMethods, createdByEmail: users.email })
    .from(skuPricingMethods)
    .leftJoin(users, eq(users.id, skuPricingMethods.createdBy))
    .where(eq(skuPricingMethods.sku, sku))
    .orderBy(desc(skuPricingMethods.effectiveFrom), desc(skuPricingMethods.createdAt));
}

export async function listMethodRowsOf(db: Database, sku: string): Promise<MethodRow[]> {
  return db.select().from(skuPricingMethods).where(eq(skuPricingMethods.sku, sku));
}

/** Every percent-of-total row of every SKU: what cycles are made of. */
export async function listPercentOfTotalRows(db: Database): Promise<MethodRow[]> {
  return db
    .select()
    .from(skuPricingMethods)
    .where(eq(skuPricingMethods.method, 'PERCENT_OF_TOTAL'));
}

export async function findMethodRow(db: Database, id: string): Promise<MethodRow | null> {
  return firstOrNull(db.select().from(skuPricingMethods).where(eq(skuPricingMethods.id, id)));
}

export async function insertMethodRow(db: Database, row: NewMethodRow): Promise<void> {
  await db.insert(skuPricingMethods).values(row);
}

export async function updateMethodRow(
  db: Database,
  id: string,
  change: Partial<Omit<NewMethodRow, 'id' | 'sku'>>,
): Promise<void> {
  await db.update(skuPricingMethods).set(change).where(eq(skuPricingMethods.id, id));
}

export async function deleteMethodRow(db: Database, id: string): Promise<void> {
  await db.delete(skuPricingMethods).where(eq(skuPricingMethods.id, id));
}

/** What covers read of SKUs: code, family, kind and the `model` attribute. */
export async function listSkuCoverFacts(db: Database) {
  return db
    .select({
      sku: skus.sku,
      familyId: skus.familyId,
      kind: skus.kind,
      model: sql<string | null>`${skus.attributes} ->> 'model'`,
    })
    .from(skus);
}

/** Which of these codes are SKUs. */
export async function listExistingSkus(db: Database, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ sku: skus.sku })
    .from(skus)
    .where(inArray(skus.sku, [...codes]));
  return rows.map((row) => row.sku);
}

/* Block bands. */

export async function listBlocksOf(db: Database, sku: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(skuPriceBlocks)
    .where(eq(skuPriceBlocks.sku, sku))
    .orderBy(asc(skuPriceBlocks.currencyCode), asc(skuPriceBlocks.minQuantity));
}

/** Replaces a SKU's bands in one currency (call inside a transaction). */
export async function replaceBlocks(
  db: Database,
  sku: string,
  currencyCode: string,
  bands: readonly { min_quantity: number; max_quantity: number | null; price_minor: number }[],
): Promise<void> {
  await db
    .delete(skuPriceBlocks)
    .where(and(eq(skuPriceBlocks.sku, sku), eq(skuPriceBlocks.currencyCode, currencyCode)));
  if (bands.length === 0) return;
  await db.insert(skuPriceBlocks).values(
    bands.map((band) => ({
      sku,
      currencyCode,
      minQuantity: band.min_quantity,
      maxQuantity: band.max_quantity,
      priceMinor: band.price_minor,
    })),
  );
}

/* Discount schedules. */

export async function listSchedules(db: Database): Promise<ScheduleRow[]> {
  return db.select().from(discountSchedules).orderBy(asc(discountSchedules.name));
}

export async function listScheduleTiers(db: Database, scheduleIds?: readonly string[]) {
  return db
    .select()
    .from(discountScheduleTiers)
    .where(
      scheduleIds === undefined
        ? undefined
        : inArray(discountScheduleTiers.scheduleId, [...scheduleIds]),
    )
    .orderBy(asc(discountScheduleTiers.scheduleId), asc(discountScheduleTiers.minQuantity));
}

export async function listScheduleAssignments(db: Database, scheduleIds?: readonly string[]) {
  return db
    .select()
    .from(skuDiscountSchedules)
    .where(
      scheduleIds === undefined
        ? undefined
        : inArray(skuDiscountSchedules.scheduleId, [...scheduleIds]),
    )
    .orderBy(asc(skuDiscountSchedules.sku));
}

/** The schedule, locked until the transaction ends. */
export async function lockSchedule(db: Database, id: string): Promise<ScheduleRow | null> {
  return firstOrNull(
    db.select().from(discountSchedules).where(eq(discountSchedules.id, id)).for('update'),
  );
}

/** Schedule saves take turns, so a name stays unique across servers. */
export async function lockSchedules(db: Database): Promise<void> {
  await db.execute(sql`lock table ${discountSchedules} in share row exclusive mode`);
}

/** A schedule with this name in any case, other than `exceptId`. */
export async function findScheduleNamed(
  db: Database,
  name: string,
  exceptId: string,
): Promise<ScheduleRow | null> {
  return firstOrNull(
    db
      .select()
      .from(discountSchedules)
      .where(namedOtherThan(discountSchedules, name, exceptId)),
  );
}

export async function insertSchedule(
  db: Database,
  row: typeof discountSchedules.$inferInsert,
): Promise<void> {
  await db.insert(discountSchedules).values(row);
}

export async function updateSchedule(
  db: Database,
  id: string,
  change: Partial<Omit<typeof discountSchedules.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(discountSchedules).set(change).where(eq(discountSchedules.id, id));
}

export async function replaceScheduleTiers(
  db: Database,
  scheduleId: string,
  tiers: readonly { min_quantity: number; percent: string }[],
): Promise<void> {
  await db.delete(discountScheduleTiers).where(eq(discountScheduleTiers.scheduleId, scheduleId));
  if (tiers.length === 0) return;
  await db
    .insert(discountScheduleTiers)
    .values(
      tiers.map((tier) => ({ scheduleId, minQuantity: tier.min_quantity, percent: tier.percent })),
    );
}

export async function deleteSchedule(db: Database, id: string): Promise<void> {
  await db.delete(discountSchedules).where(eq(discountSchedules.id, id));
}

export async function findScheduleOf(db: Database, sku: string): Promise<string | null> {
  const row = await firstOrNull(
    db
      .select({ scheduleId: skuDiscountSchedules.scheduleId })
      .from(skuDiscountSchedules)
      .where(eq(skuDiscountSchedules.sku, sku)),
  );
  return row?.scheduleId ?? null;
}

/** Puts a SKU on a schedule, or (null) takes it off its schedule. */
export async function setScheduleOf(
  db: Database,
  sku: string,
  scheduleId: string | null,
): Promise<void> {
  if (scheduleId === null) {
    await db.delete(skuDiscountSchedules).where(eq(skuDiscountSchedules.sku, sku));
    return;
  }
  await db
    .insert(skuDiscountSchedules)
    .values({ sku, scheduleId })
    .onConflictDoUpdate({ target: skuDiscountSchedules.sku, set: { scheduleId } });
}

/* Term discounts. */

export async function listTermDiscounts(db: Database): Promise<TermDiscountRow[]> {
  return db
    .select()
    .from(termDiscounts)
    .orderBy(asc(termDiscounts.productKind), asc(termDiscounts.minMonths));
}

export async function findTermDiscount(db: Database, kind: ProductKind, minMonths: number) {
  return firstOrNull(
    db
      .select()
      .from(termDiscounts)
      .where(and(eq(termDiscounts.productKind, kind), eq(termDiscounts.minMonths, minMonths)))
      .for('update'),
  );
}

export async function upsertTermDiscount(
  db: Database,
  row: { productKind: ProductKind; minMonths: number; percent: string },
): Promise<void> {
  await db
    .insert(termDiscounts)
    .values(row)
    .onConflictDoUpdate({
      target: [termDiscounts.productKind, termDiscounts.minMonths],
      set: { percent: row.percent },
    });
}

export async function deleteTermDiscount(
  db: Database,
  kind: ProductKind,
  minMonths: number,
): Promise<boolean> {
  const deleted = await db
    .delete(termDiscounts)
    .where(and(eq(termDiscounts.productKind, kind), eq(termDiscounts.minMonths, minMonths)))
    .returning({ kind: termDiscounts.productKind });
  return deleted.length > 0;
}

import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { quoteLines, quoteShippingLines, type quotes } from '@bastion/db/schema/quotes';
import { writeQuoteAtVersion, type HistoryChange, type QuoteRow } from '../../lib/quote-writes.ts';
import { refreshQuoteSkuDiscounts } from '../../lib/report-rollups.ts';

export type QuoteLineRow = typeof quoteLines.$inferSelect;

export async function listQuoteLines(db: Database, quoteId: string) {
  return db
    .select({
      line: quoteLines,
      name: skus.name,
      kind: skus.kind,
      billing: skus.billing,
      isShippable: skus.isShippable,
      isActive: skus.isActive,
      pricingModel: skus.pricingModel,
      size: skus.size,
    })
    .from(quoteLines)
    .innerJoin(skus, eq(skus.sku, quoteLines.sku))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

export async function findSkus(db: Database, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(skus)
    .where(inArray(skus.sku, [...codes]));
}

export type NewLine = Omit<typeof quoteLines.$inferInsert, 'quoteId'> & { id: string };

/**
 * Replaces a quote's lines and writes its new totals, if the quote is still at
 * `expectedVersion`, with the history entry, in one transaction. Null when someone else wrote
 * first (nothing is changed then).
 */
export async function replaceQuoteLines(
  db: Database,
  input: {
    quoteId: string;
    expectedVersion: number;
    lines: NewLine[];
    /** Lines whose shipping must be redone: their breakup lines are removed. */
    realignLineIds?: readonly string[];
    set: Partial<typeof quotes.$inferInsert>;
    changes: HistoryChange[];
    action: string;
    actorUserId: string;
    impersonatorUserId?: string | null;
    statusIfVoided?: string;
    /** More rows to write in the same transaction (a renewal marks its contract). */
    alsoWrite?: ((tx: Database) => Promise<void>) | undefined;
  },
  now: Date,
): Promise<QuoteRow | null> {
  return writeQuoteAtVersion(db, input, now, async (tx) => {
    const keep = input.lines.map((l) => l.id);
    // Components go with their bundle (cascade); lines no longer sent are removed.
    await tx
      .delete(quoteLines)
      .where(
        keep.length > 0
          ? and(eq(quoteLines.quoteId, input.quoteId), notInArray(quoteLines.id, keep))
          : eq(quoteLines.quoteId, input.quoteId),
      );
    // Parents first, so a component's reference exists when it is written.
    const ordered = [
      ...input.lines.filter((l) => !l.parentLineId),
      ...input.lines.filter((l) => l.parentLineId),
    ];
    for (let start = 0; start < ordered.length; start += 500) {
      const chunk = ordered
        .slice(start, start + 500)
        .map((l) => ({ ...l, quoteId: input.quoteId }));
      await tx
        .insert(quoteLines)
        .values(chunk)
        .onConflictDoUpdate({
          target: quoteLines.id,
          set: {
            position: sql`excluded.position`,
            sku: sql`excluded.sku`,
            parentLineId: sql`excluded.parent_line_id`,
            y1: sql`excluded.y1`,
            y2: sql`excluded.y2`,
            y3: sql`excluded.y3`,
            y4: sql`excluded.y4`,
            y5: sql`excluded.y5`,
            manualDiscountPercent: sql`excluded.manual_discount_percent`,
            needsShippingRealignment: sql`excluded.needs_shipping_realignment or ${quoteLines.needsShippingRealignment}`,
            // Issue 18: a renewal, co-term or true-up line's contract columns (null elsewhere).
            entitlementId: sql`excluded.entitlement_id`,
            skuType: sql`excluded.sku_type`,
            priorUnitNetMinor: sql`excluded.prior_unit_net_minor`,
            upliftPercent: sql`excluded.uplift_percent`,
            upliftReason: sql`excluded.uplift_reason`,
            periodStart: sql`excluded.period_start`,
            periodEnd: sql`excluded.period_end`,
            measuredQuantity: sql`excluded.measured_quantity`,
            entitledQuantity: sql`excluded.entitled_quantity`,
            // Issue 19: the unit list price typed on the configure page (null: the catalogue's).
            adjustedUnitListMinor: sql`excluded.adjusted_unit_list_minor`,
          },
          // Never another quote's line, whatever id was sent.
          setWhere: sql`${quoteLines.quoteId} = excluded.quote_id`,
        });
    }
    const realign = input.realignLineIds ?? [];
    if (realign.length > 0) {
      await tx
        .delete(quoteShippingLines)
        .where(inArray(quoteShippingLines.quoteLineId, [...realign]));
      await tx
        .update(quoteLines)
        .set({
          y1ManualShippingQuantity: null,
          y2ManualShippingQuantity: null,
          y3ManualShippingQuantity: null,
          y4ManualShippingQuantity: null,
          y5ManualShippingQuantity: null,
        })
        .where(inArray(quoteLines.id, [...realign]));
    }
    // The discount report's rows of the quote, true to its lines (issue 19).
    await refreshQuoteSkuDiscounts(tx, input.quoteId);
    await input.alsoWrite?.(tx);
  });
}

/** The ids of the quote's lines that have shipping breakup lines. */
export async function listShippedLineIds(db: Database, quoteId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: quoteShippingLines.quoteLineId })
    .from(quoteShippingLines)
    .where(eq(quoteShippingLines.quoteId, quoteId));
  return new Set(rows.map((row) => row.id));
}

export async function listShippingLines(db: Database, quoteId: string) {
  return db
    .select()
    .from(quoteShippingLines)
    .where(eq(quoteShippingLines.quoteId, quoteId))
    .orderBy(asc(quoteShippingLines.position));
}

export type NewShippingLine = Omit<typeof quoteShippingLines.$inferInsert, 'quoteId' | 'id'>;

/**
 * Replaces the quote's shipping: its breakup lines, each product's manual shipping quantities,
 * and the realignment marks of the products now shipped; with the history entry, at the quote's
 * version (null when someone else wrote first).
 */
export async function replaceShipping(
  db: Database,
  input: {
    quoteId: string;
    expectedVersion: number;
    lines: NewShippingLine[];
    manual: { lineId: string; quantities: (number | null)[] }[];
    set: Partial<typeof quotes.$inferInsert>;
    changes: HistoryChange[];
    action: string;
    actorUserId: string;
    impersonatorUserId?: string | null;
  },
  now: Date,
): Promise<QuoteRow | null> {
  return writeQuoteAtVersion(db, input, now, async (tx) => {
    await tx.delete(quoteShippingLines).where(eq(quoteShippingLines.quoteId, input.quoteId));
    for (let start = 0; start < input.lines.length; start += 500) {
      await tx
        .insert(quoteShippingLines)
        .values(
          input.lines.slice(start, start + 500).map((l) => ({ ...l, quoteId: input.quoteId })),
        );
    }
    for (const product of input.manual) {
      const [y1, y2, y3, y4, y5] = [0, 1, 2, 3, 4].map((i) => product.quantities[i] ?? null);
      await tx
        .update(quoteLines)
        .set({
          y1ManualShippingQuantity: y1,
          y2ManualShippingQuantity: y2,
          y3ManualShippingQuantity: y3,
          y4ManualShippingQuantity: y4,
          y5ManualShippingQuantity: y5,
          needsShippingRealignment: false,
        })
        .where(and(eq(quoteLines.id, product.lineId), eq(quoteLines.quoteId, input.quoteId)));
    }
  });
}

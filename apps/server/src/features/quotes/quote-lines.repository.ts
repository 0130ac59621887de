import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { quoteHistory, quoteLines, quotes } from '@bastion/db/schema/quotes';
import type { HistoryChange, QuoteRow } from './quotes.repository.ts';

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
    set: Partial<typeof quotes.$inferInsert>;
    changes: HistoryChange[];
    action: string;
    actorUserId: string;
  },
  now: Date,
): Promise<QuoteRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({
        ...input.set,
        version: sql`${quotes.version} + 1`,
        updatedAt: now,
        updatedBy: input.actorUserId,
      })
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.version, input.expectedVersion)))
      .returning();
    if (!row) return null;
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
          },
          // Never another quote's line, whatever id was sent.
          setWhere: sql`${quoteLines.quoteId} = excluded.quote_id`,
        });
    }
    await tx.insert(quoteHistory).values({
      quoteId: row.id,
      actorUserId: input.actorUserId,
      occurredAt: now,
      action: input.action,
      version: row.version,
      changes: input.changes,
    });
    return row;
  });
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteLines, quotes, quoteSkuDiscounts } from '@bastion/db/schema/quotes';

/**
 * Rewrites the discount report's rows of a quote (quote_sku_discounts, issue 19) from its lines
 * as they now are: call it in the transaction that writes them, after the write. One row per
 * SKU, with the quote's creation date and report filters (which never change after creation).
 */
export async function refreshQuoteSkuDiscounts(tx: Database, quoteId: string): Promise<void> {
  await tx.delete(quoteSkuDiscounts).where(eq(quoteSkuDiscounts.quoteId, quoteId));
  // The seller discount is the manual discount typed; the effective one as the line was priced
  // when saved (issue 33), and a line not priced then counts its seller discount.
  const bp = sql`round(${quoteLines.manualDiscountPercent} * 100)`;
  const effectiveBp = sql`coalesce(${quoteLines.effectiveDiscountBp}, ${bp})`;
  await tx.insert(quoteSkuDiscounts).select(
    tx
      .select({
        quoteId: quotes.id,
        sku: quoteLines.sku,
        createdAt: quotes.createdAt,
        region: quotes.region,
        quoteType: quotes.quoteType,
        dealType: quotes.dealType,
        lineCount: sql<number>`count(*)::int`.as('line_count'),
        discountSumBp: sql<number>`sum(${bp})::bigint`.as('discount_sum_bp'),
        discountMaxBp: sql<number>`max(${bp})::int`.as('discount_max_bp'),
        effectiveSumBp: sql<number>`sum(${effectiveBp})::bigint`.as('effective_sum_bp'),
        effectiveMaxBp: sql<number>`max(${effectiveBp})::int`.as('effective_max_bp'),
      })
      .from(quoteLines)
      .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
      .where(eq(quoteLines.quoteId, quoteId))
      .groupBy(quotes.id, quoteLines.sku),
  );
}

import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { quoteLines, quoteShippingLines, type quotes } from '@bastion/db/schema/quotes';
import { formatBp, parsePercentBp } from '@bastion/domain/pricing/decimal';
import {
  writeQuoteAtVersion,
  type HistoryChange,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';
import { refreshQuoteSkuDiscounts } from '../../core/reports/report-rollups.repository.ts';

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
      /** Issue 34: the SKU can be sold as a high-availability pair. */
      isHaCapable: sql<boolean>`coalesce((${skus.attributes}->>'ha_capable')::boolean, false)`,
    })
    .from(quoteLines)
    .innerJoin(skus, eq(skus.sku, quoteLines.sku))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

/** What checking drafts needs of the stored lines (ids, SKUs, typed prices): no catalogue join. */
export async function listQuoteLineKeys(db: Database, quoteId: string) {
  return db
    .select({
      id: quoteLines.id,
      sku: quoteLines.sku,
      adjustedUnitListMinor: quoteLines.adjustedUnitListMinor,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId));
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
    /**
     * The quote's lines as read at `expectedVersion` (the write happens only at that version):
     * lines with their ids are updated, the others inserted, unchanged ones left alone.
     */
    stored: readonly QuoteLineRow[];
    /** Lines whose shipping must be redone: their breakup lines are removed. */
    realignLineIds?: readonly string[];
    set: Partial<typeof quotes.$inferInsert>;
    changes: HistoryChange[];
    action: QuoteHistoryAction;
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
          ? and(
              eq(quoteLines.quoteId, input.quoteId),
              sql`${quoteLines.id} <> all(${sql.param(keep)}::uuid[])`,
            )
          : eq(quoteLines.quoteId, input.quoteId),
      );
    await writeLines(tx, input.quoteId, input.lines, input.stored);
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

/** The columns a save writes, with their SQL types (jsonb_to_recordset reads them so). */
const WRITTEN_COLUMNS = [
  ['id', 'uuid'],
  ['position', 'integer'],
  ['sku', 'text'],
  ['parent_line_id', 'uuid'],
  ['y1', 'integer'],
  ['y2', 'integer'],
  ['y3', 'integer'],
  ['y4', 'integer'],
  ['y5', 'integer'],
  ['manual_discount_percent', 'numeric'],
  ['needs_shipping_realignment', 'boolean'],
  // Issue 18: a renewal, co-term or true-up line's contract columns (null elsewhere).
  ['entitlement_id', 'uuid'],
  ['sku_type', 'text'],
  ['prior_unit_net_minor', 'bigint'],
  ['uplift_percent', 'numeric'],
  ['uplift_reason', 'text'],
  ['period_start', 'date'],
  ['period_end', 'date'],
  ['measured_quantity', 'integer'],
  ['entitled_quantity', 'integer'],
  // Issue 19: the unit list price typed on the configure page (null: the catalogue's).
  ['adjusted_unit_list_minor', 'bigint'],
  // Issue 33: the line's seller and effective discount as priced when saved.
  ['seller_discount_bp', 'integer'],
  ['effective_discount_bp', 'integer'],
  // Issue 34: what the seller set on the line (high availability).
  ['attributes', 'jsonb'],
] as const;

/** Columns with a default: a line that leaves one out gets the default, not null. */
const COLUMN_DEFAULTS: Partial<Record<(typeof WRITTEN_COLUMNS)[number][0], string>> = {
  y1: '0',
  y2: '0',
  y3: '0',
  y4: '0',
  y5: '0',
  manual_discount_percent: '0',
  needs_shipping_realignment: 'false',
  attributes: `'{"high_availability":false}'::jsonb`,
};

const recordOf = (line: NewLine) => ({
  id: line.id,
  position: line.position,
  sku: line.sku,
  parent_line_id: line.parentLineId ?? null,
  y1: line.y1,
  y2: line.y2,
  y3: line.y3,
  y4: line.y4,
  y5: line.y5,
  manual_discount_percent: line.manualDiscountPercent,
  needs_shipping_realignment: line.needsShippingRealignment,
  entitlement_id: line.entitlementId ?? null,
  sku_type: line.skuType ?? null,
  prior_unit_net_minor: line.priorUnitNetMinor ?? null,
  uplift_percent: line.upliftPercent ?? null,
  uplift_reason: line.upliftReason ?? null,
  period_start: line.periodStart ?? null,
  period_end: line.periodEnd ?? null,
  measured_quantity: line.measuredQuantity ?? null,
  entitled_quantity: line.entitledQuantity ?? null,
  adjusted_unit_list_minor: line.adjustedUnitListMinor ?? null,
  seller_discount_bp: line.sellerDiscountBp ?? null,
  effective_discount_bp: line.effectiveDiscountBp ?? null,
  attributes: line.attributes ?? null,
});

const COLUMN_LIST = WRITTEN_COLUMNS.map(([name]) => name).join(', ');
const RECORD_TYPES = WRITTEN_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
/** The lines as rows: `select … from jsonb_to_recordset($lines) as l(…)`. */
const fromRecords = (lines: readonly NewLine[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(lines.map(recordOf))}::jsonb) as l(${sql.raw(RECORD_TYPES)})`;

const INSERTED_VALUES = WRITTEN_COLUMNS.map(([name]) => {
  const fallback = COLUMN_DEFAULTS[name];
  return fallback === undefined ? `l.${name}` : `coalesce(l.${name}, ${fallback})`;
}).join(', ');

const UPDATED_VALUES = WRITTEN_COLUMNS.filter(([name]) => name !== 'id')
  .map(([name]) => {
    const fallback = COLUMN_DEFAULTS[name];
    const value = fallback === undefined ? `l.${name}` : `coalesce(l.${name}, ${fallback})`;
    // A realignment mark stays until the product is shipped again.
    return name === 'needs_shipping_realignment'
      ? `${name} = ${value} or q.${name}`
      : `${name} = ${value}`;
  })
  .join(', ');

/** The same text for the same percentage ("10", "10.00"); null stays null. */
const samePercent = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : formatBp(parseBpOrNaN(a ?? '')) === formatBp(parseBpOrNaN(b ?? ''));

function parseBpOrNaN(text: string): number {
  const parsed = parsePercentBp(text);
  // Unreadable text never equals anything: the line is written.
  return parsed.ok ? parsed.value : Number.NaN;
}

/** Whether writing `line` would change nothing of the stored row. */
function isUnchanged(before: QuoteLineRow, line: NewLine): boolean {
  const stays = <K extends keyof NewLine & keyof QuoteLineRow>(key: K) =>
    (line[key] ?? null) === (before[key] ?? null);
  return (
    stays('position') &&
    stays('sku') &&
    stays('parentLineId') &&
    stays('y1') &&
    stays('y2') &&
    stays('y3') &&
    stays('y4') &&
    stays('y5') &&
    samePercent(line.manualDiscountPercent ?? '0', before.manualDiscountPercent) &&
    // A new mark must be written; an old one stays whatever the line says.
    !(line.needsShippingRealignment === true && !before.needsShippingRealignment) &&
    stays('entitlementId') &&
    stays('skuType') &&
    stays('priorUnitNetMinor') &&
    samePercent(line.upliftPercent, before.upliftPercent) &&
    stays('upliftReason') &&
    stays('periodStart') &&
    stays('periodEnd') &&
    stays('measuredQuantity') &&
    stays('entitledQuantity') &&
    stays('adjustedUnitListMinor') &&
    // Standard pricing may have moved (a price date, a partner discount): the figures follow.
    stays('sellerDiscountBp') &&
    stays('effectiveDiscountBp') &&
    (line.attributes?.high_availability ?? false) ===
      (before.attributes?.high_availability ?? false)
  );
}

/**
 * Writes the lines in at most two statements, whatever their number: the new ones inserted, the
 * stored ones that changed updated (those unchanged are not touched). The lines travel as one
 * JSON parameter (no bind-parameter limit to chunk around, nothing for the query builder to
 * expand per value). New lines go first: a stored line may become a component of a new bundle;
 * a new component may come before its new bundle, as the foreign key is checked at the end of
 * the statement.
 */
async function writeLines(
  tx: Database,
  quoteId: string,
  lines: readonly NewLine[],
  stored: readonly QuoteLineRow[],
) {
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const inserted = lines.filter((line) => !storedById.has(line.id));
  const changed = lines.filter((line) => {
    const before = storedById.get(line.id);
    return before !== undefined && !isUnchanged(before, line);
  });
  if (inserted.length > 0) {
    await tx.execute(
      sql`insert into quote_lines (quote_id, ${sql.raw(COLUMN_LIST)}) select ${quoteId}::uuid, ${sql.raw(INSERTED_VALUES)} from ${fromRecords(inserted)}`,
    );
  }
  if (changed.length > 0) {
    // Never another quote's line, whatever id was sent.
    const result = await tx.execute(
      sql`update quote_lines q set ${sql.raw(UPDATED_VALUES)} from ${fromRecords(changed)} where q.id = l.id and q.quote_id = ${quoteId}::uuid returning q.id`,
    );
    // Both drivers answer with { rows }; the shared query builder types it loosely.
    const updated = (result as { rows: unknown[] }).rows.length;
    // The lines were read at the version this transaction writes: each is still there.
    if (updated !== changed.length) {
      throw new Error(`Updated ${updated} of ${changed.length} quote lines of ${quoteId}.`);
    }
  }
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
    action: QuoteHistoryAction;
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

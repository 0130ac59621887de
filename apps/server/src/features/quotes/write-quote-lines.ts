import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import { randomUUID } from 'node:crypto';
import { formatBp } from '@bastion/domain/pricing/decimal';
import type { LineAttributes } from '@bastion/domain/product-rules/model';
import {
  NO_LINE_ATTRIBUTES,
  storedSkuAttributes,
  storedLineAttributes,
  type RuleOutcome,
} from '@bastion/domain/product-rules/schemas';
import type { PricingResult } from '@bastion/domain/pricing/model';
import type { Database } from '@bastion/db/client';
import type { quotes } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { quoteActorOf } from '../../core/quotes/quote-writes.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseRuleErrors } from '../../core/pricing/product-rule-inputs.repository.ts';
import {
  checkDrafts,
  parseBp,
  evaluateDraftRules,
  priceDraftsWithRate,
  type LineDraft,
  type StoredLine,
} from './configure-lines.ts';
import {
  findSkus,
  listShippedLineIds,
  replaceQuoteLines,
  type NewLine,
} from './quote-lines.repository.ts';
import type { HistoryChange, QuoteRow } from './quotes.repository.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

/**
 * The configure step's order of statuses (spec §4 screen flow); a submitted or decided quote is
 * past them all.
 */
const FLOW_STEP: Readonly<Record<string, number>> = {
  INCOMPLETE: 0,
  SH_HW_CONFIG: 1,
  TNC: 2,
  PENDING_APPROVAL: 3,
  APPROVED: 3,
  REJECTED: 3,
  BUDGETARY: 3,
};

/**
 * Where a product change leaves the quote: shipping to redo sends it back to configuration;
 * Next moves it on to shipping unless it is already further. (A submitted quote whose products
 * change goes back through the flow when the writer voids its submission.)
 */
export function nextStatus(current: string, change: { realign: boolean; advance: boolean }) {
  let status = current;
  if (change.realign && (FLOW_STEP[status] ?? 0) >= 1) status = 'INCOMPLETE';
  if (change.advance && (FLOW_STEP[status] ?? 0) < 1) status = 'SH_HW_CONFIG';
  return status;
}

/**
 * Checks, prices and stores a quote's new lines with its total and a history entry, in one
 * transaction at the quote's current version.
 */
export async function writeQuoteLines(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  stored: readonly StoredLine[],
  drafts: LineDraft[],
  options: {
    advance: boolean;
    action: QuoteHistoryAction;
    now: Date;
    secureAccess?: Record<string, unknown> | undefined;
    /** Renewal configurators: more quote columns to write with the lines, and their history. */
    set?: Partial<typeof quotes.$inferInsert> | undefined;
    setChanges?: HistoryChange[] | undefined;
    /** More rows to write in the same transaction. */
    alsoWrite?: ((tx: Database) => Promise<void>) | undefined;
    /**
     * What automatic selection rules change is saved with the lines (default); off for the
     * renewal configurators, whose lines follow their contracts.
     */
    applyAutomatic?: boolean | undefined;
  },
): Promise<WrittenLines> {
  checkDrafts(drafts, new Set(stored.map((s) => s.line.id)));
  // A stored line sent without attributes (a client that does not know them) keeps its own.
  const storedById = new Map(stored.map((row) => [row.line.id, row.line]));
  const attributesOf = (draft: LineDraft): LineAttributes =>
    draft.attributes ??
    (draft.id === undefined ? undefined : storedLineAttributesOf(storedById.get(draft.id))) ??
    NO_LINE_ATTRIBUTES;
  // The product rules read the lines first: what automatic rules change is saved with them.
  const evaluated = await evaluateDraftRules(
    db,
    quote,
    drafts.map((draft) => ({ ...draft, attributes: attributesOf(draft) })),
    options.now,
    { applyAutomatic: options.applyAutomatic ?? true },
  );
  const rules = evaluated.outcome;
  const input = { lines: evaluated.drafts, advance: options.advance };
  // A SKU no longer sold may stay on a line that already had it, but not be added anew.
  const storedSkus = new Set(stored.map((s) => `${s.line.id}\u0000${s.line.sku}`));
  const skuRows = await findSkus(db, [...new Set(input.lines.map((l) => l.sku))]);
  const inactive = new Set(skuRows.filter((s) => !s.isActive).map((s) => s.sku));
  const added = input.lines
    .map((line, index) => ({ line, index }))
    .filter(
      ({ line }) => inactive.has(line.sku) && !storedSkus.has(`${line.id ?? ''}\u0000${line.sku}`),
    );
  if (added.length > 0) {
    const details = added.map(({ line, index }) => ({
      path: `lines.${index}.sku`,
      message: `SKU ${line.sku} is no longer sold.`,
    }));
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? '', { details });
  }

  const { result, unitsPerUsd } = await priceDraftsWithRate(db, quote, input.lines);
  if (input.advance && input.lines.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Add at least one product before moving on.', {
      details: [{ path: 'lines', message: 'Add at least one product before moving on.' }],
    });
  }
  if (input.advance) {
    const indexByKey = new Map(input.lines.map((line, index) => [line.key, index]));
    refuseRuleErrors(rules, (key) => indexByKey.get(key));
  }

  const idByKey = new Map(input.lines.map((l) => [l.key, l.id ?? randomUUID()]));
  // The two discounts as priced now, kept on the line for the reports and documents (issue 33).
  const pricedByKey = new Map(result.lines.map((line) => [line.line_id, line]));
  const lines: NewLine[] = input.lines.map((draft, position) => {
    const priced = pricedByKey.get(draft.key);
    const q = [0, 1, 2, 3, 4].map((i) => draft.quantities[i] ?? 0);
    return {
      id: idByKey.get(draft.key) as string,
      position,
      sku: draft.sku,
      parentLineId: draft.parent_key ? (idByKey.get(draft.parent_key) ?? null) : null,
      y1: q[0] ?? 0,
      y2: q[1] ?? 0,
      y3: q[2] ?? 0,
      y4: q[3] ?? 0,
      y5: q[4] ?? 0,
      manualDiscountPercent: formatBp(parseBp(draft.manual_discount_percent ?? '0')),
      adjustedUnitListMinor: draft.adjusted_unit_list_minor ?? null,
      sellerDiscountBp: priced?.seller_discount_percent_bp ?? null,
      effectiveDiscountBp: priced?.effective_discount_percent_bp ?? null,
      attributes: attributesOf(draft),
      ...draft.contract,
    };
  });

  // A product whose shipping was set and whose SKU or quantities changed must be shipped again
  // (spec §8 realignment): its breakup lines go, and the quote goes back to configuration.
  const shipped = await listShippedLineIds(db, quote.id);
  const realign = lines.filter((line) => {
    const before = storedById.get(line.id);
    if (!before || !shipped.has(line.id)) return false;
    return (
      before.sku !== line.sku ||
      [before.y1, before.y2, before.y3, before.y4, before.y5].some(
        (q, i) => q !== [line.y1, line.y2, line.y3, line.y4, line.y5][i],
      )
    );
  });
  for (const line of realign) line.needsShippingRealignment = true;
  const statusAfter = nextStatus(quote.statusId, {
    realign: realign.length > 0,
    advance: input.advance,
  });

  const changes: HistoryChange[] = [
    ...lineChanges(stored, lines),
    ...(result.totals.net_minor !== quote.totalAmountMinor
      ? [{ field: 'total', before: quote.totalAmountMinor, after: result.totals.net_minor }]
      : []),
    ...(statusAfter !== quote.statusId
      ? [{ field: 'status_id', before: quote.statusId, after: statusAfter }]
      : []),
    ...realign.map((line) => ({
      field: `shipping ${line.sku}`,
      before: 'configured',
      after: 'needs realignment',
    })),
  ];
  changes.push(...(options.setChanges ?? []));
  if (options.secureAccess !== undefined) {
    changes.push({
      field: 'secure_access',
      before: quote.secureAccess ?? null,
      after: options.secureAccess,
    });
  }
  const updated = await replaceQuoteLines(
    db,
    {
      quoteId: quote.id,
      expectedVersion: quote.version,
      lines,
      stored: stored.map((row) => row.line),
      realignLineIds: realign.map((line) => line.id),
      set: {
        totalAmountMinor: result.totals.net_minor,
        // The rate it was priced at: the reports convert the total at it (issue 19).
        unitsPerUsd,
        // The book it was priced from, kept for its next pricing (issue 35).
        priceBookId: result.price_book?.id ?? null,
        priceBookName: result.price_book?.name ?? null,
        ...(statusAfter !== quote.statusId ? { statusId: statusAfter } : {}),
        ...(options.secureAccess !== undefined ? { secureAccess: options.secureAccess } : {}),
        ...options.set,
      },
      alsoWrite: options.alsoWrite,
      changes,
      action: options.action,
      ...quoteActorOf(caller),
      // A submission voided by this change: back to configuration, or on to shipping on Next.
      statusIfVoided: input.advance && realign.length === 0 ? 'SH_HW_CONFIG' : 'INCOMPLETE',
    },
    options.now,
  );
  if (!updated) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  // The lines as stored are the drafts priced: named by their ids now, not the request's keys.
  const lineIdOf = (key: string) => idByKey.get(key) ?? key;
  const realigned = new Set(realign.map((line) => line.id));
  const skuByCode = new Map(skuRows.map((row) => [row.sku, row]));
  const priced: PricingResult = {
    ...result,
    lines: result.lines.map((line) => ({
      ...line,
      line_id: lineIdOf(line.line_id),
      parent_line_id: line.parent_line_id === null ? null : lineIdOf(line.parent_line_id),
    })),
  };
  const byLineId = (keys: readonly string[]) => keys.map(lineIdOf);
  return {
    quote: updated,
    priced,
    rows: storedRowsOf(quote.id, lines, storedById, realigned, skuByCode),
    rules: {
      rule_messages: rules.rule_messages.map((m) => ({ ...m, line_keys: byLineId(m.line_keys) })),
      rule_actions: rules.rule_actions.map((action) => ({
        ...action,
        changes: action.changes.map((change) =>
          change.line_key === undefined
            ? change
            : { ...change, line_key: lineIdOf(change.line_key) },
        ),
      })),
      // Saved with the lines: nothing is left for the page to apply.
      rule_applied: [],
    },
  };
}

/**
 * The quote as written, its lines as they are now stored (with their SKUs), and their prices by
 * line id (what pricing the stored lines gives): the answer needs no second read nor pricing.
 */
export interface WrittenLines {
  quote: QuoteRow;
  priced: PricingResult;
  /** Null when a SKU was not at hand: the answer reads the lines back instead. */
  rows: StoredLine[] | null;
  /** What the product rules say of the lines written, by line id. */
  rules: RuleOutcome;
}

/** The rows listQuoteLines would now read, from what was written over what was stored. */
function storedRowsOf(
  quoteId: string,
  lines: readonly NewLine[],
  storedById: ReadonlyMap<string, StoredLine['line']>,
  realigned: ReadonlySet<string>,
  skuByCode: ReadonlyMap<string, Awaited<ReturnType<typeof findSkus>>[number]>,
): StoredLine[] | null {
  const rows: StoredLine[] = [];
  for (const line of lines) {
    const sku = skuByCode.get(line.sku);
    if (!sku) return null;
    const before = storedById.get(line.id);
    const isRealigned = realigned.has(line.id);
    rows.push({
      line: {
        id: line.id,
        quoteId,
        position: line.position,
        sku: line.sku,
        parentLineId: line.parentLineId ?? null,
        y1: line.y1 ?? 0,
        y2: line.y2 ?? 0,
        y3: line.y3 ?? 0,
        y4: line.y4 ?? 0,
        y5: line.y5 ?? 0,
        manualDiscountPercent: line.manualDiscountPercent ?? '0',
        sellerDiscountBp: line.sellerDiscountBp ?? null,
        effectiveDiscountBp: line.effectiveDiscountBp ?? null,
        // Realigned products lose their manual shipping quantities with their breakup lines.
        y1ManualShippingQuantity: isRealigned ? null : (before?.y1ManualShippingQuantity ?? null),
        y2ManualShippingQuantity: isRealigned ? null : (before?.y2ManualShippingQuantity ?? null),
        y3ManualShippingQuantity: isRealigned ? null : (before?.y3ManualShippingQuantity ?? null),
        y4ManualShippingQuantity: isRealigned ? null : (before?.y4ManualShippingQuantity ?? null),
        y5ManualShippingQuantity: isRealigned ? null : (before?.y5ManualShippingQuantity ?? null),
        needsShippingRealignment:
          (line.needsShippingRealignment ?? false) || (before?.needsShippingRealignment ?? false),
        entitlementId: line.entitlementId ?? null,
        skuType: line.skuType ?? null,
        priorUnitNetMinor: line.priorUnitNetMinor ?? null,
        upliftPercent: line.upliftPercent ?? null,
        upliftReason: line.upliftReason ?? null,
        periodStart: line.periodStart ?? null,
        periodEnd: line.periodEnd ?? null,
        measuredQuantity: line.measuredQuantity ?? null,
        entitledQuantity: line.entitledQuantity ?? null,
        adjustedUnitListMinor: line.adjustedUnitListMinor ?? null,
        attributes: line.attributes ?? NO_LINE_ATTRIBUTES,
      },
      name: sku.name,
      kind: sku.kind,
      billing: sku.billing,
      isShippable: sku.isShippable,
      isActive: sku.isActive,
      pricingModel: sku.pricingModel,
      size: sku.size,
      isHaCapable: storedSkuAttributes(sku.attributes).ha_capable === true,
    });
  }
  return rows;
}

/**
 * History: which products were added, removed or changed (SKU, quantities, discount, and the
 * unit list price typed for it, when there is one).
 */
function lineChanges(stored: readonly StoredLine[], next: readonly NewLine[]): HistoryChange[] {
  const describe = (l: {
    sku: string;
    y1?: number | undefined;
    y2?: number | undefined;
    y3?: number | undefined;
    y4?: number | undefined;
    y5?: number | undefined;
    manualDiscountPercent?: string | undefined;
    adjustedUnitListMinor?: number | null | undefined;
    attributes?: LineAttributes | undefined;
  }) => ({
    sku: l.sku,
    quantities: [l.y1 ?? 0, l.y2 ?? 0, l.y3 ?? 0, l.y4 ?? 0, l.y5 ?? 0],
    discount: formatBp(parseBp(l.manualDiscountPercent ?? '0')),
    // Only when typed, so entries of lines at the catalogue price read as they always have.
    ...((l.adjustedUnitListMinor ?? null) === null
      ? {}
      : { unit_list_minor: l.adjustedUnitListMinor }),
    // Issue 34: only when set, for the same reason.
    ...(l.attributes?.high_availability === true ? { high_availability: true } : {}),
  });
  const before = new Map(stored.map((s) => [s.line.id, describe(s.line)]));
  const keptIds = new Set(next.map((line) => line.id));
  // Removed lines first: when a save swaps a line for a new one of the same SKU, the history
  // reads "X removed, X added", so replaying it SKU by SKU always starts from the right state.
  const changes: HistoryChange[] = stored
    .filter((s) => !keptIds.has(s.line.id))
    .map((s) => ({ field: `line ${s.line.sku}`, before: describe(s.line), after: null }));
  for (const line of next) {
    const was = before.get(line.id);
    const now = describe(line);
    if (!was) changes.push({ field: `line ${line.sku}`, before: null, after: now });
    else if (JSON.stringify(was) !== JSON.stringify(now)) {
      changes.push({ field: `line ${line.sku}`, before: was, after: now });
    }
  }
  return changes;
}

const storedLineAttributesOf = (line: StoredLine['line'] | undefined) =>
  line === undefined ? undefined : storedLineAttributes(line.attributes);

import { LOCKED_BY_OTHER_MESSAGE } from '../../lib/quote-terms.ts';
import { randomUUID } from 'node:crypto';
import { priceQuote } from '@bastion/domain/pricing/engine';
import type { PricingLine, PricingResult } from '@bastion/domain/pricing/model';
import { formatBp, parsePercentBp } from '@bastion/domain/pricing/decimal';
import { secureAccessLines } from '@bastion/domain/quotes/secure-access-lines';
import {
  validateSecureAccess,
  type SecureAccessConfig,
} from '@bastion/domain/validation/secure-access';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
import { quoteView, requireVisibleQuote } from './get-quote.ts';
import { loadPricingInput } from '../../lib/pricing-inputs.ts';
import {
  findSkus,
  listQuoteLines,
  listShippedLineIds,
  replaceQuoteLines,
  type NewLine,
} from './quote-lines.repository.ts';
import type { HistoryChange, QuoteRow } from './quotes.repository.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

/** A line as the configure page sends it: `key` names it within the request. */
export interface LineDraft {
  /** The stored line's id; absent on a line added since the quote was loaded. */
  id?: string | undefined;
  key: string;
  sku: string;
  quantities: number[];
  manual_discount_percent?: string | undefined;
  /** The key of the BUNDLE line this line belongs to. */
  parent_key?: string | undefined;
}

/**
 * The configure step's products can change while the quote is being built, and after it was
 * submitted or decided: a change an approver would judge then voids the submission and sends
 * the quote back through the flow (docs/decisions/013, lib/quote-writes.ts).
 */
const EDITABLE_STATUSES = new Set([
  'INCOMPLETE',
  'SH_HW_CONFIG',
  'TNC',
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
  'BUDGETARY',
]);

const yearsOf = (quote: Pick<QuoteRow, 'quoteType' | 'contractLength'>) =>
  quote.quoteType === 'ELA' ? Math.min(5, Math.ceil(quote.contractLength / 12)) : 1;

/** Without can_see_margin the figures are not hidden by the page: they are never sent. */
function forViewer(result: PricingResult, caller: AuthContext) {
  if (caller.permissions.can_see_margin) return { ...result, shows_margin: true };
  const strip = <T extends { cost_minor: number | null; margin_minor?: number | null }>(
    amounts: T,
  ): T => ({ ...amounts, cost_minor: null, margin_minor: null, margin_percent_bp: null });
  return {
    ...result,
    shows_margin: false,
    totals: strip(result.totals),
    lines: result.lines.map((line) => ({
      ...strip(line),
      rollup: line.rollup ? strip(line.rollup) : null,
      years: line.years.map((year) => ({ ...year, cost_minor: null })),
    })),
  };
}

function pricingLines(drafts: readonly LineDraft[]): PricingLine[] {
  return drafts.map((d) => ({
    line_id: d.key,
    sku: d.sku,
    quantities: d.quantities,
    manual_discount_percent: d.manual_discount_percent ?? null,
    parent_line_id: d.parent_key ?? null,
  }));
}

/** Checks what the engine cannot: keys, parents, and that each id is one of this quote's. */
function checkDrafts(drafts: readonly LineDraft[], storedIds: ReadonlySet<string>) {
  const details: AppErrorDetail[] = [];
  const keys = new Set<string>();
  const ids = new Set<string>();
  drafts.forEach((draft, index) => {
    if (keys.has(draft.key)) {
      details.push({ path: `lines.${index}.key`, message: 'Two lines have the same key.' });
    }
    keys.add(draft.key);
    if (draft.id !== undefined) {
      if (!storedIds.has(draft.id) || ids.has(draft.id)) {
        details.push({ path: `lines.${index}.id`, message: 'That line is not on this quote.' });
      }
      ids.add(draft.id);
    }
  });
  drafts.forEach((draft, index) => {
    if (draft.parent_key !== undefined && !keys.has(draft.parent_key)) {
      details.push({
        path: `lines.${index}.parent_key`,
        message: 'The bundle this line belongs to is not on the quote.',
      });
    }
  });
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Check the lines.', {
      details,
    });
  }
}

/** Prices drafts, or answers 400 with each line's problem (path `lines.N.field`). */
async function priceDrafts(db: Database, quote: QuoteRow, drafts: readonly LineDraft[]) {
  const input = await loadPricingInput(db, quote, pricingLines(drafts));
  const outcome = priceQuote(input);
  if (outcome.ok) return outcome.result;
  const indexByKey = new Map(drafts.map((d, i) => [d.key, i]));
  const details = outcome.errors.map((error) => {
    const index = error.line_id === undefined ? undefined : indexByKey.get(error.line_id);
    return {
      path: index === undefined ? error.field : `lines.${index}.${error.field}`,
      message: error.message,
    };
  });
  throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'The quote cannot be priced.', {
    details,
  });
}

function lineView(row: Awaited<ReturnType<typeof listQuoteLines>>[number], years: number) {
  const { line } = row;
  return {
    id: line.id,
    position: line.position,
    sku: line.sku,
    name: row.name,
    kind: row.kind,
    billing: row.billing,
    is_shippable: row.isShippable,
    is_active: row.isActive,
    pricing_model: row.pricingModel,
    size: row.size,
    parent_line_id: line.parentLineId,
    quantities: [line.y1, line.y2, line.y3, line.y4, line.y5].slice(0, years),
    manual_discount_percent: formatBp(parseBp(line.manualDiscountPercent)),
    needs_shipping_realignment: line.needsShippingRealignment,
  };
}

const parseBp = (text: string) => {
  const parsed = parsePercentBp(text);
  return parsed.ok ? parsed.value : 0;
};

/** The quote, its lines and their prices, as the configure page opens them. */
export async function getQuoteConfiguration(db: Database, caller: AuthContext, id: string) {
  const quote = await requireVisibleQuote(db, caller, id);
  return configurationOf(db, caller, quote);
}

export async function configurationOf(db: Database, caller: AuthContext, quote: QuoteRow) {
  const years = yearsOf(quote);
  const rows = await listQuoteLines(db, quote.id);
  const lines = rows.map((row) => lineView(row, years));
  const isLegacy = quote.quoteType === 'LEGACY';
  let pricing = null;
  if (!isLegacy && lines.length > 0) {
    const outcome = priceQuote(
      await loadPricingInput(
        db,
        quote,
        lines.map((l) => ({
          line_id: l.id,
          sku: l.sku,
          quantities: l.quantities,
          manual_discount_percent: l.manual_discount_percent,
          parent_line_id: l.parent_line_id,
        })),
      ),
    );
    // A stored quote whose prices lapsed (an inactive SKU, a price ended) still opens; the
    // page shows why it cannot be priced, and saving asks for a fix.
    pricing = outcome.ok
      ? { ok: true as const, result: forViewer(outcome.result, caller) }
      : { ok: false as const, errors: outcome.errors };
  }
  // A quote locked by someone else opens read-only for everyone but them.
  const readOnlyReason = isLegacy
    ? 'Legacy quotes are read-only.'
    : !EDITABLE_STATUSES.has(quote.statusId)
      ? 'This quote has left configuration; its products can no longer change.'
      : quote.lockedBy !== null && quote.lockedBy !== caller.userId
        ? LOCKED_BY_OTHER_MESSAGE
        : null;
  return {
    quote: quoteView(quote),
    years,
    price_date: quote.priceDate,
    is_read_only: readOnlyReason !== null,
    read_only_reason: readOnlyReason,
    /** Products changed after their shipping was set: the §8 realignment notice applies. */
    needs_shipping_realignment: lines.some((l) => l.needs_shipping_realignment),
    lines,
    secure_access: quote.secureAccess,
    pricing,
  };
}

/** POST /api/dx/pricing/execute: the price of a quote's draft lines, saving nothing. */
export async function priceQuoteDraft(
  db: Database,
  caller: AuthContext,
  input: { id: string; lines: LineDraft[] },
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are not priced in Bastion; they are read-only.');
  }
  const stored = await listQuoteLines(db, quote.id);
  checkDrafts(input.lines, new Set(stored.map((s) => s.line.id)));
  return forViewer(await priceDrafts(db, quote, input.lines), caller);
}

/**
 * Saves the configure step: the lines replace the stored ones and the quote's total becomes
 * their net, if the quote is still the version the caller saw. With `advance`, the quote moves
 * on to shipping and hardware (SH_HW_CONFIG).
 */
export async function saveQuoteConfiguration(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; lines: LineDraft[]; advance: boolean },
  now = new Date(),
) {
  const quote = await requireEditableQuote(db, caller, input.id, input.version);
  checkSizedLines(quote, input.lines);
  const stored = await listQuoteLines(db, quote.id);
  const updated = await writeLines(db, caller, quote, stored, input.lines, {
    advance: input.advance,
    action: input.advance ? 'configured' : 'products_saved',
    now,
  });
  return configurationOf(db, caller, updated);
}

/**
 * Secure-access lines made by the sizing keep the sizing's quantities: the sizing is what the
 * quote says was sized, so a change goes through it (a line may still be removed, or discounted).
 */
function checkSizedLines(quote: QuoteRow, drafts: readonly LineDraft[]) {
  if (!quote.secureAccess) return;
  const sized = new Map(
    secureAccessLines(quote.secureAccess, {
      quote_type: quote.quoteType,
      contract_length: quote.contractLength,
    }).map((line) => [line.sku, line.quantities]),
  );
  const details = drafts.flatMap((draft, index) => {
    const expected = sized.get(draft.sku);
    if (!expected || draft.parent_key !== undefined) return [];
    const same = expected.every((q, i) => (draft.quantities[i] ?? 0) === q);
    return same
      ? []
      : [
          {
            path: `lines.${index}.quantities`,
            message: 'Secure-access quantities come from the sizing: change them there.',
          },
        ];
  });
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? '', { details });
  }
}

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

/** The quote, if the caller may change its products now and saw its current version. */
async function requireEditableQuote(
  db: Database,
  caller: AuthContext,
  id: string,
  version: number,
) {
  const quote = await requireVisibleQuote(db, caller, id);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are read-only.');
  }
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    throw new AppError(
      'CONFLICT',
      'This quote has left configuration (it is accepted, completed or archived); its products can no longer change.',
    );
  }
  if (version !== quote.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return quote;
}

/**
 * Checks, prices and stores a quote's new lines with its total and a history entry, in one
 * transaction at the quote's current version.
 */
async function writeLines(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  stored: Awaited<ReturnType<typeof listQuoteLines>>,
  drafts: LineDraft[],
  options: {
    advance: boolean;
    action: string;
    now: Date;
    secureAccess?: Record<string, unknown> | undefined;
  },
): Promise<QuoteRow> {
  const input = { lines: drafts, advance: options.advance };
  checkDrafts(input.lines, new Set(stored.map((s) => s.line.id)));
  // A SKU no longer sold may stay on a line that already had it, but not be added anew.
  const storedSkus = new Set(stored.map((s) => `${s.line.id}\u0000${s.line.sku}`));
  const skuRows = await findSkus(
    db,
    input.lines.map((l) => l.sku),
  );
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

  const result = await priceDrafts(db, quote, input.lines);
  if (input.advance && input.lines.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Add at least one product before moving on.', {
      details: [{ path: 'lines', message: 'Add at least one product before moving on.' }],
    });
  }

  const idByKey = new Map(input.lines.map((l) => [l.key, l.id ?? randomUUID()]));
  const lines: NewLine[] = input.lines.map((draft, position) => {
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
    };
  });

  // A product whose shipping was set and whose SKU or quantities changed must be shipped again
  // (spec §8 realignment): its breakup lines go, and the quote goes back to configuration.
  const shipped = await listShippedLineIds(db, quote.id);
  const storedById = new Map(stored.map((row) => [row.line.id, row.line]));
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
      realignLineIds: realign.map((line) => line.id),
      set: {
        totalAmountMinor: result.totals.net_minor,
        ...(statusAfter !== quote.statusId ? { statusId: statusAfter } : {}),
        ...(options.secureAccess !== undefined ? { secureAccess: options.secureAccess } : {}),
      },
      changes,
      action: options.action,
      actorUserId: caller.userId,
      // A submission voided by this change: back to configuration, or on to shipping on Next.
      statusIfVoided: input.advance && realign.length === 0 ? 'SH_HW_CONFIG' : 'INCOMPLETE',
    },
    options.now,
  );
  if (!updated) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return updated;
}

/** History: which products were added, removed or changed (SKU, quantities, discount). */
function lineChanges(
  stored: Awaited<ReturnType<typeof listQuoteLines>>,
  next: readonly NewLine[],
): HistoryChange[] {
  const describe = (l: {
    sku: string;
    y1?: number | undefined;
    y2?: number | undefined;
    y3?: number | undefined;
    y4?: number | undefined;
    y5?: number | undefined;
    manualDiscountPercent?: string | undefined;
  }) => ({
    sku: l.sku,
    quantities: [l.y1 ?? 0, l.y2 ?? 0, l.y3 ?? 0, l.y4 ?? 0, l.y5 ?? 0],
    discount: formatBp(parseBp(l.manualDiscountPercent ?? '0')),
  });
  const before = new Map(stored.map((s) => [s.line.id, describe(s.line)]));
  const changes: HistoryChange[] = [];
  for (const line of next) {
    const was = before.get(line.id);
    const now = describe(line);
    if (!was) changes.push({ field: `line ${line.sku}`, before: null, after: now });
    else if (JSON.stringify(was) !== JSON.stringify(now)) {
      changes.push({ field: `line ${line.sku}`, before: was, after: now });
    }
    before.delete(line.id);
  }
  for (const gone of before.values()) {
    changes.push({ field: `line ${gone.sku}`, before: gone, after: null });
  }
  return changes;
}

/**
 * Sizes the quote's secure access (spec §3, §5): the configuration is checked with the domain's
 * rules (the spec's messages, under `secure_access.<key>`), stored on the quote, and becomes the
 * quote's secure-access lines (decision 010), replacing the ones it had; other lines stay.
 */
export async function saveSecureAccess(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; config: SecureAccessConfig },
  now = new Date(),
) {
  const quote = await requireEditableQuote(db, caller, input.id, input.version);
  const quoteFacts = {
    quote_type: quote.quoteType,
    contract_length: quote.contractLength,
    deal_type: quote.dealType,
    is_renewal: quote.isRenewal,
    is_deal_desk_user: caller.permissions.is_deal_desk_user,
  };
  const errors = validateSecureAccess({ ...input.config, ...quoteFacts });
  const details = Object.entries(errors).map(([key, message]) => ({
    path: `secure_access.${key}`,
    message,
  }));
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Check the sizing.', {
      details,
    });
  }

  const wanted = secureAccessLines(input.config, quoteFacts);
  const known = new Set(
    (
      await findSkus(
        db,
        wanted.map((l) => l.sku),
      )
    ).map((s) => s.sku),
  );
  const missing = wanted.filter((l) => !known.has(l.sku));
  if (missing.length > 0) {
    const message = `The catalogue has no secure-access SKU ${missing.map((l) => l.sku).join(', ')}; ask a catalogue administrator to add it.`;
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ path: 'secure_access', message }],
    });
  }

  const stored = await listQuoteLines(db, quote.id);
  const years = yearsOf(quote);
  const isSizedLine = (row: (typeof stored)[number]) =>
    row.pricingModel !== null && row.line.parentLineId === null;
  const kept: LineDraft[] = stored
    .filter((row) => !isSizedLine(row))
    .map((row) => {
      const view = lineView(row, years);
      return {
        id: view.id,
        key: view.id,
        sku: view.sku,
        quantities: view.quantities,
        manual_discount_percent: view.manual_discount_percent,
        ...(row.line.parentLineId ? { parent_key: row.line.parentLineId } : {}),
      };
    });
  // A sized SKU already on the quote keeps its line (and the discount given on it).
  const previous = new Map(stored.filter(isSizedLine).map((row) => [row.line.sku, row]));
  const sized: LineDraft[] = wanted.map((line) => {
    const before = previous.get(line.sku);
    return before
      ? {
          id: before.line.id,
          key: before.line.id,
          sku: line.sku,
          quantities: line.quantities,
          manual_discount_percent: lineView(before, years).manual_discount_percent,
        }
      : { key: `sized-${line.sku}`, sku: line.sku, quantities: line.quantities };
  });

  const updated = await writeLines(db, caller, quote, stored, [...kept, ...sized], {
    advance: false,
    action: 'secure_access_sized',
    now,
    secureAccess: { ...input.config },
  });
  return configurationOf(db, caller, updated);
}

import {
  validateShippingPlan,
  type ShippingPlan,
  type ShippingProduct,
} from '@bastion/domain/quotes/shipping-plan';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { quoteActorOf } from '../../core/quotes/quote-writes.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { findLookups } from '../../core/forms/form-definitions.repository.ts';
import { quoteView } from './get-quote.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import {
  listQuoteLines,
  listShippingLines,
  replaceShipping,
  type NewShippingLine,
} from './quote-lines.repository.ts';
import type { HistoryChange, QuoteRow } from './quotes.repository.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';
import {
  storedManualShippingQuantities,
  storedQuantities,
} from '../../core/pricing/stored-line-pricing.ts';

/** Admins edit these lists (form lookups); a shipping line must name one of their values. */
const REGIONS = 'shipping_regions';
const INCOTERMS = 'incoterms';

const SHIPPING_STATUSES = new Set(['SH_HW_CONFIG', 'TNC']);

export const FINISH_CONFIGURATION_MESSAGE =
  'Finish configuring the products first: press Next on the configure page.';

export interface ShippingLineDraft {
  line_id: string;
  region?: string | undefined;
  incoterm?: string | undefined;
  quantity?: number | null | undefined;
  years?: (number | null)[] | undefined;
}

export interface ShippingProductDraft {
  line_id: string;
  manual_shipping_quantities: (number | null)[];
}

const yearsOf = (quote: Pick<QuoteRow, 'quoteType' | 'contractLength'>) =>
  quote.quoteType === 'ELA' ? Math.min(5, Math.ceil(quote.contractLength / 12)) : 1;

type LineRow = Awaited<ReturnType<typeof listQuoteLines>>[number];

function productOf(row: LineRow, years: number): ShippingProduct & { needs: boolean } {
  const l = row.line;
  return {
    line_id: l.id,
    quantities: storedQuantities(l, years),
    manual_shipping_quantities: storedManualShippingQuantities(l, years),
    needs: l.needsShippingRealignment,
  };
}

/** The hardware of a quote, its shipping lines, the lists to choose from, and what is wrong. */
export async function getQuoteShipping(db: Database, caller: AuthContext, id: string) {
  const quote = await requireVisibleQuote(db, caller, id);
  return shippingOf(db, quote, caller.userId);
}

/** `viewerId`: whose page it is; a quote locked by someone else is read-only to them. */
export async function shippingOf(db: Database, quote: QuoteRow, viewerId?: string) {
  const years = yearsOf(quote);
  const [rows, stored, lookups] = await Promise.all([
    listQuoteLines(db, quote.id),
    listShippingLines(db, quote.id),
    findLookups(db, [REGIONS, INCOTERMS]),
  ]);
  const shippable = rows.filter((row) => row.isShippable && row.kind !== 'BUNDLE');
  const products = shippable.map((row) => ({ row, product: productOf(row, years) }));
  const isEla = quote.quoteType === 'ELA';
  const lines = stored.map((l) => ({
    id: l.id,
    line_id: l.quoteLineId,
    region: l.region,
    incoterm: l.incoterm,
    quantity: isEla ? null : l.quantity,
    years: isEla ? [l.year1, l.year2, l.year3, l.year4, l.year5].slice(0, years) : null,
  }));
  const plan: ShippingPlan = {
    quote_type: quote.quoteType,
    contract_length: quote.contractLength,
    products: products.map((p) => p.product),
    lines,
  };
  return {
    quote: quoteView(quote),
    years,
    is_read_only:
      quote.quoteType === 'LEGACY' ||
      !SHIPPING_STATUSES.has(quote.statusId) ||
      (viewerId !== undefined && quote.lockedBy !== null && quote.lockedBy !== viewerId),
    needs_configuration: quote.statusId === 'INCOMPLETE',
    needs_realignment: products.some((p) => p.product.needs),
    products: products.map(({ row, product }) => ({
      line_id: product.line_id,
      sku: row.line.sku,
      name: row.name,
      quantities: [...product.quantities],
      manual_shipping_quantities: [...product.manual_shipping_quantities],
      needs_realignment: product.needs,
    })),
    lines,
    regions: [...(lookups[REGIONS] ?? [])],
    incoterms: [...(lookups[INCOTERMS] ?? [])],
    errors: validateShippingPlan(plan),
  };
}

/**
 * Saves the shipping of a quote's hardware (spec §3, §5): every line checked with the spec's
 * rules, product by product, and replaced in one transaction with the manual shipping
 * quantities, at the version the caller saw. With `advance` the quote moves on to terms (TNC).
 */
export async function saveQuoteShipping(
  db: Database,
  caller: AuthContext,
  input: {
    id: string;
    version: number;
    products: ShippingProductDraft[];
    lines: ShippingLineDraft[];
    advance: boolean;
  },
  now = new Date(),
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') throw new AppError('CONFLICT', 'Legacy quotes are read-only.');
  if (quote.statusId === 'INCOMPLETE') throw new AppError('CONFLICT', FINISH_CONFIGURATION_MESSAGE);
  if (!SHIPPING_STATUSES.has(quote.statusId)) {
    throw new AppError(
      'CONFLICT',
      'This quote has left configuration (it is submitted or decided); its shipping can no longer change.',
    );
  }
  if (input.version !== quote.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);

  const years = yearsOf(quote);
  const isEla = quote.quoteType === 'ELA';
  const [rows, lookups, before] = await Promise.all([
    listQuoteLines(db, quote.id),
    findLookups(db, [REGIONS, INCOTERMS]),
    listShippingLines(db, quote.id),
  ]);
  const shippable = new Map(
    rows.filter((row) => row.isShippable && row.kind !== 'BUNDLE').map((row) => [row.line.id, row]),
  );
  const details: { path: string; message: string }[] = [];
  input.products.forEach((p, index) => {
    if (!shippable.has(p.line_id)) {
      details.push({ path: `products.${index}.line_id`, message: 'That product is not shipped.' });
    }
  });
  const regions = new Set((lookups[REGIONS] ?? []).map((o) => o.value));
  const incoterms = new Set((lookups[INCOTERMS] ?? []).map((o) => o.value));
  input.lines.forEach((line, index) => {
    if (line.region && !regions.has(line.region)) {
      details.push({
        path: `lines.${index}.region`,
        message: `There is no region "${line.region}".`,
      });
    }
    if (line.incoterm && !incoterms.has(line.incoterm)) {
      details.push({
        path: `lines.${index}.incoterm`,
        message: `There is no incoterm "${line.incoterm}".`,
      });
    }
  });

  // Products the request leaves out keep their manual quantities.
  const manualById = new Map(input.products.map((p) => [p.line_id, p.manual_shipping_quantities]));
  const products = [...shippable.values()].map((row) => {
    const product = productOf(row, years);
    const manual = manualById.get(product.line_id);
    return manual ? { ...product, manual_shipping_quantities: manual.slice(0, years) } : product;
  });
  const planErrors = validateShippingPlan({
    quote_type: quote.quoteType,
    contract_length: quote.contractLength,
    products,
    lines: input.lines,
  });
  details.push(
    ...Object.entries(planErrors)
      .filter(([path]) => !details.some((d) => d.path === path))
      .map(([path, message]) => ({ path, message })),
  );
  if (details.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      details.length === 1
        ? (details[0]?.message ?? '')
        : `${details.length} shipping details need attention.`,
      { details },
    );
  }

  const lines: NewShippingLine[] = input.lines.map((line, position) => {
    const y = [0, 1, 2, 3, 4].map((i) => (isEla ? (line.years?.[i] ?? 0) : 0));
    return {
      quoteLineId: line.line_id,
      position,
      region: line.region ?? '',
      incoterm: line.incoterm ?? '',
      quantity: isEla ? 0 : (line.quantity ?? 0),
      year1: y[0] ?? 0,
      year2: y[1] ?? 0,
      year3: y[2] ?? 0,
      year4: y[3] ?? 0,
      year5: y[4] ?? 0,
    };
  });
  const statusAfter = input.advance ? 'TNC' : quote.statusId;
  const changes: HistoryChange[] = [
    { field: 'shipping lines', before: before.length, after: lines.length },
    ...(statusAfter !== quote.statusId
      ? [{ field: 'status_id', before: quote.statusId, after: statusAfter }]
      : []),
  ];
  const updated = await replaceShipping(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      lines,
      manual: products.map((p) => ({
        lineId: p.line_id,
        quantities: [...p.manual_shipping_quantities],
      })),
      set: statusAfter !== quote.statusId ? { statusId: statusAfter } : {},
      changes,
      action: input.advance ? 'shipping_configured' : 'shipping_saved',
      ...quoteActorOf(caller),
    },
    now,
  );
  if (!updated) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return shippingOf(db, updated, caller.userId);
}

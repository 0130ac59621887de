import {
  isArchivedStatus,
  parseQuoteStatus,
  parseQuoteType,
  type QuoteStatus,
} from './quote-types.ts';

/** The quote fields that decide which screen opens it (spec §2 "Quote target by state"). */
export interface QuoteRouteFields {
  id: string | number;
  /** A QuoteType; any string is taken so that data from older records still opens. */
  quote_type: string;
  deal_type?: string | null;
  /** A QuoteStatusId; unknown values open the fallback screen. */
  status_id: string | null;
  pre_archive_status_id?: string | null;
  is_coterm?: boolean | null;
  is_renewal?: boolean | null;
}

/**
 * The status that decides the screen: an archived quote (status_id ARCHIVED) opens where it
 * stood before it was archived. Null when there is none we know.
 */
export function effectiveQuoteStatus(
  quote: Pick<QuoteRouteFields, 'status_id' | 'pre_archive_status_id'>,
): QuoteStatus | null {
  const status = isArchivedStatus(quote.status_id) ? quote.pre_archive_status_id : quote.status_id;
  return parseQuoteStatus(status);
}

const SCREEN_BY_STATUS = {
  INCOMPLETE: 'configure-quote',
  SH_HW_CONFIG: 'configure-sh-hw',
  TNC: 'terms-condition',
  PENDING_APPROVAL: 'quote-summary',
  BUDGETARY: 'quote-summary',
  REJECTED: 'quote-summary',
  APPROVED: 'quote-summary',
  ACCEPTED: 'quote-summary',
  COMPLETED: 'quote-summary',
} as const satisfies Record<QuoteStatus, string>;

/** Shown for a status we do not know: read-only, so nothing is edited in the wrong state. */
export const FALLBACK_QUOTE_SCREEN = 'view-quote';

function screenAndRef(quote: QuoteRouteFields): [screen: string, ref: string] {
  // Routes are matched segment by segment, so an empty one would lead to page-not-found; `ref`
  // is the placeholder the app already uses where a segment carries nothing (spec §2).
  const quoteType = parseQuoteType(quote.quote_type) ?? (quote.quote_type.trim() || 'ref');
  // A legacy quote was made by the old system: only its summary can show it, whatever its state.
  if (quoteType === 'LEGACY') return ['legacy-quote-summary', quoteType];
  const status = effectiveQuoteStatus(quote);
  if (status === null) return [FALLBACK_QUOTE_SCREEN, quoteType];
  if (status === 'INCOMPLETE' && (quote.is_coterm || quote.is_renewal)) {
    // The renewal configurators read the deal type (renewal or true-up) from the path.
    const dealType = quote.deal_type?.trim() || quoteType;
    // A co-term is a renewal that also lines up end dates, so it wins when both flags are set.
    const screen = quote.is_coterm ? 'configure-renewal-coterm-quote' : 'configure-renewal-quote';
    return [screen, dealType];
  }
  return [SCREEN_BY_STATUS[status], quoteType];
}

/**
 * The page that opens a quote in its current state, e.g. `/cpq/quote-summary/42/STANDARD`.
 * `context` is the first path segment (spec §2), `cpq` unless the caller is elsewhere.
 */
export function quoteTargetPath(quote: QuoteRouteFields, context = 'cpq'): string {
  const [screen, ref] = screenAndRef(quote);
  return '/' + [context, screen, String(quote.id), ref].map(encodeURIComponent).join('/');
}

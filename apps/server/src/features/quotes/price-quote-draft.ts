import { NO_RULE_OUTCOME } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import {
  checkDrafts,
  checkUnitListAdjustments,
  forViewer,
  marginShownFor,
  evaluateDraftRules,
  priceDrafts,
  slimForViewer,
  type LineDraft,
} from './configure-lines.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { refuseRenewalQuote } from './save-quote-configuration.ts';
import { listQuoteLineKeys } from './quote-lines.repository.ts';

const LINE_KEY_MESSAGE = 'That line is not among the lines sent.';

/** Checks and prices a quote's draft lines, saving nothing; the result and who sees margin. */
async function priceQuoteDraftLines(
  db: Database,
  caller: AuthContext,
  input: { id: string; lines: LineDraft[] },
  /** Issue 34: the rules read the lines first and automatic ones change them before pricing. */
  rulesOn?: Date,
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are not priced in Bastion; they are read-only.');
  }
  refuseRenewalQuote(quote);
  const stored = await listQuoteLineKeys(db, quote.id);
  checkDrafts(input.lines, new Set(stored.map((line) => line.id)));
  await checkUnitListAdjustments(db, input.lines, stored);
  const evaluated =
    rulesOn === undefined
      ? null
      : await evaluateDraftRules(db, quote, input.lines, rulesOn, { applyAutomatic: true });
  const result = await priceDrafts(db, quote, evaluated?.drafts ?? input.lines);
  return {
    quote,
    result,
    rules: evaluated?.outcome ?? NO_RULE_OUTCOME,
    isMarginShown: await marginShownFor(db, quote),
  };
}

/**
 * POST /api/dx/pricing/execute: the price of a quote's draft lines, saving nothing, as the
 * configure page shows it (slim: no waterfall, decimal text; docs/pricing.md), with what the
 * product rules say of them (issue 34: messages and offered actions, by the lines' keys) and
 * what automatic rules changed (in the lines priced: `rule_applied`).
 */
export async function priceQuoteDraft(
  db: Database,
  caller: AuthContext,
  input: { id: string; lines: LineDraft[] },
  now = appNow(),
) {
  const { result, rules, isMarginShown } = await priceQuoteDraftLines(db, caller, input, now);
  return { ...slimForViewer(result, caller, isMarginShown), ...rules };
}

/**
 * POST /api/dx/pricing/explain-line: one draft line's price explained, year by year with its
 * waterfall (and its contract price or proration, if any), the drafts priced together as
 * pricing/execute prices them (a bundle's rollup needs its components). 400 for a key that is
 * not one of the lines.
 */
export async function explainDraftLine(
  db: Database,
  caller: AuthContext,
  input: { id: string; lines: LineDraft[]; line_key: string },
) {
  // Before the quote is read: the same answer whether or not the caller may see it.
  if (!input.lines.some((line) => line.key === input.line_key)) {
    throw new AppError('VALIDATION_FAILED', LINE_KEY_MESSAGE, {
      details: [{ path: 'line_key', message: LINE_KEY_MESSAGE }],
    });
  }
  const { result, isMarginShown } = await priceQuoteDraftLines(db, caller, input);
  const line = result.lines.find((priced) => priced.line_id === input.line_key);
  if (!line) throw new AppError('NOT_FOUND', 'That line is not on the quote.');
  const shown = forViewer({ ...result, lines: [line] }, caller, isMarginShown);
  return {
    currency_code: shown.currency_code,
    shows_margin: shown.shows_margin,
    line: shown.lines[0] ?? line,
  };
}

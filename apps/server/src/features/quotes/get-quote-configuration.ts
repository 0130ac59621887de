import type { PricingResult } from '@bastion/domain/pricing/model';
import { NO_RULE_OUTCOME } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import type { AuthContext } from '../../lib/access.ts';
import {
  bundleOptionsOf,
  loadRuleSet,
  storedRuleLine,
} from '../../core/pricing/product-rule-inputs.repository.ts';
import { priceStoredLines } from '../../core/pricing/stored-line-pricing.ts';
import { LOCKED_BY_OTHER_MESSAGE } from '../../core/terms/quote-terms.repository.ts';
import { EDITABLE_STATUSES } from '../../core/quotes/quote-writes.repository.ts';
import {
  canAdjustUnitListPrices,
  forViewer,
  lineView,
  marginShownFor,
  ruleOutcomeOfDrafts,
  slimForViewer,
  yearsOf,
} from './configure-lines.ts';
import { quoteView } from './get-quote.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import type { WrittenLines } from './write-quote-lines.ts';

/** The quote, its lines and their prices, as the configure page opens them. */
export async function getQuoteConfiguration(db: Database, caller: AuthContext, id: string) {
  const quote = await requireVisibleQuote(db, caller, id);
  return configurationOf(db, caller, quote);
}

/** The configuration with its pricing as the configure page reads it (slim, no waterfall). */
export function configurationOf(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  /** The lines as stored and their prices, when the caller has them (a save just wrote them). */
  written?: WrittenLines,
) {
  return configurationWith(db, caller, quote, slimForViewer, written);
}

/** The configuration with the engine's whole pricing result: the summary shows every figure. */
export function configurationWithFullPricing(db: Database, caller: AuthContext, quote: QuoteRow) {
  return configurationWith(db, caller, quote, forViewer);
}

async function configurationWith<Pricing>(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  present: (result: PricingResult, caller: AuthContext, isMarginShown: boolean) => Pricing,
  written?: WrittenLines,
) {
  const years = yearsOf(quote);
  const rows = written?.rows ?? (await listQuoteLines(db, quote.id));
  const priced = written?.priced;
  const lines = rows.map((row) => lineView(row, years));
  const isLegacy = quote.quoteType === 'LEGACY';
  let pricing = null;
  if (!isLegacy && lines.length > 0) {
    const outcome = priced
      ? { ok: true as const, result: priced }
      : await priceStoredLines(
          db,
          quote,
          rows.map((row) => row.line),
          years,
        );
    // A stored quote whose prices lapsed (an inactive SKU, a price ended) still opens; the
    // page shows why it cannot be priced, and saving asks for a fix.
    pricing = outcome.ok
      ? {
          ok: true as const,
          result: present(outcome.result, caller, await marginShownFor(db, quote)),
        }
      : { ok: false as const, errors: outcome.errors };
  }
  // What the rules say of the lines as stored (a save just evaluated them).
  const rules = isLegacy
    ? NO_RULE_OUTCOME
    : (written?.rules ??
      (await ruleOutcomeOfDrafts(
        db,
        quote,
        rows.map((row) => storedRuleLine(row.line, years)),
        appNow(),
      )));
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
    ...rules,
    bundle_options: isLegacy
      ? []
      : await bundleOptionsOf(
          db,
          await loadRuleSet(db),
          lines.map((line) => line.sku),
        ),
    secure_access: quote.secureAccess,
    pricing,
    /** Issue 19: the app setting price_adjustment is on, so unit list prices may be typed. */
    can_adjust_unit_list_price: await canAdjustUnitListPrices(db),
  };
}

import { priceQuote } from '@bastion/domain/pricing/engine';
import type { PricingLine, PricingResult } from '@bastion/domain/pricing/model';
import { slimPricingResult } from '@bastion/domain/pricing/slim-result';
import { formatBp, parsePercentBp } from '@bastion/domain/pricing/decimal';
import { isSettingOn } from '@bastion/domain/app-settings/switches';
import { MARGIN_REGIONS_SETTING, isMarginShownFor } from '@bastion/domain/app-settings/catalogue';
import type { LineAttributes } from '@bastion/domain/product-rules/model';
import {
  NO_LINE_ATTRIBUTES,
  storedLineAttributes,
  type RuleOutcome,
} from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { quoteLines } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { loadPricingInput } from '../../core/pricing/pricing-inputs.repository.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import {
  evaluateQuoteRules,
  recordRuleFailures,
  loadRuleSet,
  sellerOutcomeOf,
  withAutomaticChanges,
  type RuleDraftLine,
} from '../../core/pricing/product-rule-inputs.repository.ts';
import { contractPricingOf, storedQuantities } from '../../core/pricing/stored-line-pricing.ts';
import { EDITABLE_STATUSES } from '../../core/quotes/quote-writes.repository.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import type { listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

/** What the configure step's use-cases share: drafts, their checks and prices, and line views. */

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
  /**
   * Issue 19: the unit list price typed for the line (minor units, per 12 months for ANNUAL);
   * absent or null: the catalogue's. New or changed only while price_adjustment is on.
   */
  adjusted_unit_list_minor?: number | null | undefined;
  /** A renewal, co-term or true-up line (issue 18): its contract columns, stored as they are. */
  contract?: ContractLineColumns | undefined;
  /** Issue 34: what the seller set on the line; absent: nothing (or, on a stored line, as stored). */
  attributes?: LineAttributes | undefined;
}

export type ContractLineColumns = Pick<
  typeof quoteLines.$inferInsert,
  | 'entitlementId'
  | 'skuType'
  | 'priorUnitNetMinor'
  | 'upliftPercent'
  | 'upliftReason'
  | 'periodStart'
  | 'periodEnd'
  | 'measuredQuantity'
  | 'entitledQuantity'
>;

export const yearsOf = (quote: Pick<QuoteRow, 'quoteType' | 'contractLength'>) =>
  quote.quoteType === 'ELA' ? Math.min(5, Math.ceil(quote.contractLength / 12)) : 1;

/**
 * Without can_see_margin the figures are not hidden by the page: they are never sent. Nor are
 * they for a quote whose region the app setting margin_calc_controlled_introduction leaves out
 * (`isMarginShown`: marginShownFor).
 */
export function forViewer(result: PricingResult, caller: AuthContext, isMarginShown = true) {
  if (caller.permissions.can_see_margin && isMarginShown) return { ...result, shows_margin: true };
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

/** The configure page's answer (pricing/slim-result.ts): margin figures only for who may see them. */
export function slimForViewer(result: PricingResult, caller: AuthContext, isMarginShown = true) {
  return slimPricingResult(result, {
    showsMargin: caller.permissions.can_see_margin && isMarginShown,
  });
}

function pricingLines(drafts: readonly LineDraft[]): PricingLine[] {
  return drafts.map((d) => ({
    line_id: d.key,
    sku: d.sku,
    quantities: d.quantities,
    manual_discount_percent: d.manual_discount_percent ?? null,
    parent_line_id: d.parent_key ?? null,
    ...contractPricingOf(d.contract ?? {}),
    adjusted_unit_list_minor: d.adjusted_unit_list_minor ?? null,
  }));
}

/** Whether margin is shown on this quote, by its region (margin_calc_controlled_introduction). */
export async function marginShownFor(db: Database, quote: Pick<QuoteRow, 'region'>) {
  return isMarginShownFor(quote.region, await readAppSetting(db, MARGIN_REGIONS_SETTING));
}

export const PRICE_ADJUSTMENT_OFF_MESSAGE =
  'Adjusting unit list prices is switched off (app setting price_adjustment).';

/** Whether quoters may type a unit list price per line now (app setting price_adjustment). */
export async function canAdjustUnitListPrices(db: Database): Promise<boolean> {
  return isSettingOn(await readAppSetting(db, 'price_adjustment'));
}

/**
 * While the price_adjustment setting is off, no line may get a new or changed typed unit list
 * price; a price typed before stays on its line (it priced the quote as saved) and may be reset.
 * 400 naming each line otherwise, before anything is priced or saved.
 */
export async function checkUnitListAdjustments(
  db: Database,
  drafts: readonly LineDraft[],
  stored: readonly Pick<StoredLine['line'], 'id' | 'sku' | 'adjustedUnitListMinor'>[],
) {
  const typed = drafts
    .map((draft, index) => ({ draft, index }))
    .filter(({ draft }) => (draft.adjusted_unit_list_minor ?? null) !== null);
  if (typed.length === 0 || (await canAdjustUnitListPrices(db))) return;
  const storedById = new Map(stored.map((line) => [line.id, line]));
  const details = typed.flatMap(({ draft, index }) => {
    const before = draft.id === undefined ? undefined : storedById.get(draft.id);
    const isUnchanged =
      before !== undefined &&
      before.sku === draft.sku &&
      before.adjustedUnitListMinor === draft.adjusted_unit_list_minor;
    return isUnchanged
      ? []
      : [
          {
            path: `lines.${index}.adjusted_unit_list_minor`,
            message: PRICE_ADJUSTMENT_OFF_MESSAGE,
          },
        ];
  });
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', PRICE_ADJUSTMENT_OFF_MESSAGE, { details });
  }
}

/** Checks what the engine cannot: keys, parents, and that each id is one of this quote's. */
export function checkDrafts(drafts: readonly LineDraft[], storedIds: ReadonlySet<string>) {
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
export async function priceDrafts(db: Database, quote: QuoteRow, drafts: readonly LineDraft[]) {
  return (await priceDraftsWithRate(db, quote, drafts)).result;
}

/**
 * The same, with the rate the pricing used (units of the quote currency per 1 USD; USD is 1):
 * a save stores it on the quote, and the reports convert its amounts at it (issue 19).
 */
export async function priceDraftsWithRate(
  db: Database,
  quote: QuoteRow,
  drafts: readonly LineDraft[],
) {
  const input = await loadPricingInput(db, quote, pricingLines(drafts));
  const outcome = priceQuote(input);
  if (outcome.ok) {
    const unitsPerUsd =
      quote.currencyCode === 'USD' ? '1' : (input.usd_rates[quote.currencyCode] ?? null);
    return { result: outcome.result, unitsPerUsd };
  }
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

export type StoredLine = Awaited<ReturnType<typeof listQuoteLines>>[number];

export function lineView(row: StoredLine, years: number) {
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
    quantities: storedQuantities(line, years),
    manual_discount_percent: formatBp(parseBp(line.manualDiscountPercent)),
    adjusted_unit_list_minor: line.adjustedUnitListMinor,
    needs_shipping_realignment: line.needsShippingRealignment,
    attributes: storedLineAttributes(line.attributes),
    ha_capable: row.isHaCapable,
  };
}

/**
 * The product rules on draft lines (issue 34), on the day `now` falls on: what they say (keyed
 * as the drafts are) and the drafts with what automatic selection rules changed (unless told
 * not to apply it: the outcome then lists no changes applied).
 */
export async function evaluateDraftRules(
  db: Database,
  quote: QuoteRow,
  drafts: readonly LineDraft[],
  now: Date,
  options: { applyAutomatic: boolean },
): Promise<{ drafts: LineDraft[]; outcome: RuleOutcome }> {
  const ruleSet = await loadRuleSet(db);
  const result = evaluateQuoteRules(ruleSet, quote, drafts, todayIso(now));
  await recordRuleFailures(db, ruleSet, result.broken, now);
  const outcome = await sellerOutcomeOf(db, result);
  if (!options.applyAutomatic || result.applied.length === 0)
    return { drafts: [...drafts], outcome: { ...outcome, rule_applied: [] } };
  return {
    drafts: withAutomaticChanges(drafts, result.applied, (added) => ({
      ...added,
      attributes: NO_LINE_ATTRIBUTES,
    })),
    outcome,
  };
}

/**
 * What the product rules say of draft lines (issue 34), keyed as the drafts are, on the day
 * `now` falls on.
 */
export async function ruleOutcomeOfDrafts(
  db: Database,
  quote: QuoteRow,
  drafts: readonly RuleDraftLine[],
  now: Date,
): Promise<RuleOutcome> {
  const ruleSet = await loadRuleSet(db);
  const result = evaluateQuoteRules(ruleSet, quote, drafts, todayIso(now));
  await recordRuleFailures(db, ruleSet, result.broken, now);
  // Read only: what automatic rules would change is applied where lines are priced or saved.
  return { ...(await sellerOutcomeOf(db, result)), rule_applied: [] };
}

export const parseBp = (text: string) => {
  const parsed = parsePercentBp(text);
  return parsed.ok ? parsed.value : 0;
};

/** The quote, if the caller may change its products now and saw its current version. */
export async function requireEditableQuote(
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

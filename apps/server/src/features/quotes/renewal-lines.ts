import { formatCurrency } from '@bastion/domain/format/currency';
import { priceQuote } from '@bastion/domain/pricing/engine';
import { formatBp, parsePercentBp } from '@bastion/domain/pricing/decimal';
import type { LineResult, PricingOutcome } from '@bastion/domain/pricing/model';
import { RENEWAL_UPLIFT_SETTING, type RenewalKind } from '@bastion/domain/renewals/model';
import { lineExplanations } from '@bastion/domain/renewals/explanations';
import { addDays } from '@bastion/domain/renewals/proration';
import {
  contractIdsOf,
  defaultUpliftOf,
  NOT_RENEWAL_QUOTE_MESSAGE,
  renewalKindOfQuote,
  type DraftSku,
  type ParsedRenewalDraft,
  type RenewalProblem,
  type ResolvedRenewal,
  type ResolvedRenewalLine,
} from '@bastion/domain/renewals/renewal-draft';
import { resolveRenewalDraft } from '@bastion/domain/renewals/resolve-renewal-draft';
import type {
  ContractDetail,
  RenewalConfiguration,
  RenewalLine,
  RenewalPricing,
} from '@bastion/domain/renewals/schemas';
import { buildCotermTimeline } from '@bastion/domain/renewals/timeline';
import { NO_RULE_OUTCOME } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import { loadPricingInput } from '../../core/pricing/pricing-inputs.repository.ts';
import { LOCKED_BY_OTHER_MESSAGE } from '../../core/terms/quote-terms.repository.ts';
import {
  EDITABLE_STATUSES,
  FINAL_STATUS_MESSAGES,
} from '../../core/quotes/quote-writes.repository.ts';
import { contractPricingOf, priceStoredLines } from '../../core/pricing/stored-line-pricing.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';
import { appNow } from '../../lib/clock.ts';
import { storedRuleLine } from '../../core/pricing/product-rule-inputs.repository.ts';
import { ruleOutcomeOfDrafts, yearsOf } from './configure-lines.ts';
import { findSkus, listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import {
  readOpenAccountContracts,
  readVisibleContractDetails,
} from './renewal-quotes.repository.ts';

/**
 * What the renewal, co-term and true-up configurators share (issue 18): the facts a draft is
 * resolved against, its prices, and the configuration the pages open.
 */

/** The quote's configurator kind; 409 for a quote that is none of them. */
export function requireRenewalKind(quote: QuoteRow): RenewalKind {
  const kind = renewalKindOfQuote(quote);
  if (kind === null) throw new AppError('CONFLICT', NOT_RENEWAL_QUOTE_MESSAGE);
  return kind;
}

/** The contracts the caller may see among `ids`, in the order of `ids`. */
export async function readVisibleContracts(
  db: Database,
  caller: AuthContext,
  ids: readonly string[],
): Promise<ContractDetail[]> {
  if (ids.length === 0) return [];
  const found = await readVisibleContractDetails(db, viewerOf(caller), ids);
  const byId = new Map(found.map((c) => [c.id, c]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

async function readDefaultUplift(db: Database, kind: RenewalKind, quote: QuoteRow) {
  const setting = quote.renewal ? null : await readAppSetting(db, RENEWAL_UPLIFT_SETTING);
  return defaultUpliftOf(kind, quote.renewal, setting);
}

/** The catalogue facts of the draft's SKUs, the contracts' SKUs and their successors. */
async function readDraftSkus(
  db: Database,
  draft: ParsedRenewalDraft,
  chosen: readonly ContractDetail[],
): Promise<Map<string, DraftSku>> {
  const codes = new Set(draft.lines.map((l) => l.sku).filter((sku) => sku !== ''));
  for (const contract of chosen) {
    for (const e of contract.entitlements) {
      codes.add(e.sku);
      if (e.successor_sku) codes.add(e.successor_sku);
    }
  }
  const rows = await findSkus(db, [...codes]);
  return new Map(
    rows.map((row) => [
      row.sku,
      { sku: row.sku, name: row.name, billing: row.billing, active: row.isActive },
    ]),
  );
}

export interface ResolvedDraft {
  resolved: ResolvedRenewal;
  contracts: ContractDetail[];
  skus: Map<string, DraftSku>;
}

/** Reads what a draft is resolved against, and resolves it (domain rules, renewal-draft.ts). */
export async function resolveDraft(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  kind: RenewalKind,
  draft: ParsedRenewalDraft,
): Promise<ResolvedDraft> {
  const chosen = await readVisibleContracts(db, caller, contractIdsOf(draft, quote.renewal));
  const [skus, defaultUpliftPercent] = await Promise.all([
    readDraftSkus(db, draft, chosen),
    readDefaultUplift(db, kind, quote),
  ]);
  const resolved = resolveRenewalDraft({
    kind,
    quote: {
      account_id: quote.accountId,
      currency_code: quote.currencyCode,
      contract_length: quote.contractLength,
    },
    stored: quote.renewal,
    draft,
    contracts: chosen,
    skus,
    isDealDesk: caller.permissions.is_deal_desk_user,
    defaultUpliftPercent,
    today: todayIso(),
  });
  return { resolved, contracts: chosen, skus };
}

/** The quantities of a line for the quote's years: the same each year. */
export const quantitiesOf = (
  quote: Pick<QuoteRow, 'quoteType' | 'contractLength'>,
  quantity: number,
) => Array.from({ length: yearsOf(quote) }, () => quantity);

/** A resolved line's contract columns, as stored on quote_lines. */
export const contractColumnsOf = (line: ResolvedRenewalLine) => ({
  entitlementId: line.entitlement_id,
  skuType: line.sku_type,
  priorUnitNetMinor: line.prior_unit_net_minor,
  upliftPercent: line.uplift_percent,
  upliftReason: line.uplift_reason,
  periodStart: line.period_start,
  periodEnd: line.period_end,
  measuredQuantity: line.measured_quantity,
  entitledQuantity: line.entitled_quantity,
});

/** Prices resolved lines as they would be stored, at the resolved contract length. */
export async function priceResolvedLines(
  db: Database,
  quote: QuoteRow,
  resolved: ResolvedRenewal,
): Promise<PricingOutcome | null> {
  if (resolved.lines.length === 0) return null;
  const priced = { ...quote, contractLength: resolved.contract_length };
  const lines = resolved.lines.map((line, index) => ({
    line_id: `line-${index}`,
    sku: line.sku,
    quantities: quantitiesOf(priced, line.quantity),
    manual_discount_percent: line.manual_discount_percent,
    parent_line_id: null,
    ...contractPricingOf(contractColumnsOf(line)),
  }));
  return priceQuote(await loadPricingInput(db, priced, lines));
}

/** The engine's errors as problems at the draft's lines (`lines.N.field`). */
export function pricingProblems(
  outcome: PricingOutcome | null,
  draftIndexOf: (lineId: string) => number | undefined,
): RenewalProblem[] {
  if (outcome === null || outcome.ok) return [];
  return outcome.errors.map((error) => {
    const index = error.line_id === undefined ? undefined : draftIndexOf(error.line_id);
    return {
      path: index === undefined ? error.field : `lines.${index}.${error.field}`,
      message: error.message,
    };
  });
}

const percentView = (text: string | null) => {
  if (text === null) return null;
  const parsed = parsePercentBp(text);
  return parsed.ok ? formatBp(parsed.value) : text;
};

/** One configurator line, with its figures when it was priced. */
export function renewalLineView(
  line: ResolvedRenewalLine,
  lineId: string | null,
  sku: { name: string; billing: 'ONE_TIME' | 'ANNUAL' } | undefined,
  result: LineResult | undefined,
  currencyCode: string,
): RenewalLine {
  const segments = result?.proration?.segments ?? [];
  const money = (minor: number) => formatCurrency(minor, currencyCode);
  const contractPrice = result?.contract_price ?? null;
  return {
    line_id: lineId,
    entitlement_id: line.entitlement_id,
    contract_id: line.contract_id,
    sku: line.sku,
    sku_name: sku?.name ?? result?.name ?? line.sku,
    billing: sku?.billing ?? 'ANNUAL',
    sku_type: line.sku_type,
    source_sku: line.source_sku,
    successor_sku: line.successor_sku,
    quantity: line.quantity,
    prior_quantity: line.prior_quantity,
    prior_unit_net_minor: line.prior_unit_net_minor,
    current_unit_list_minor:
      contractPrice?.current_unit_list_minor ?? result?.unit_list_price_minor ?? null,
    uplift_percent: percentView(line.uplift_percent),
    uplift_reason: line.uplift_reason,
    renewal_unit_minor: contractPrice?.renewal_unit_minor ?? null,
    manual_discount_percent: percentView(line.manual_discount_percent),
    period_start: line.period_start,
    period_end: line.period_end,
    measured_quantity: line.measured_quantity,
    entitled_quantity: line.entitled_quantity,
    net_minor: result?.net_minor ?? null,
    proration: segments.map((s) => ({ ...s })),
    explanation: result ? lineExplanations(result, money) : [],
  };
}

/** A draft's pricing: its lines with their figures and every problem, saving nothing. */
export async function pricingOfResolved(
  db: Database,
  quote: QuoteRow,
  { resolved, skus }: ResolvedDraft,
): Promise<{ pricing: RenewalPricing; engineProblems: RenewalProblem[] }> {
  const outcome = await priceResolvedLines(db, quote, resolved);
  const results = new Map(outcome?.ok ? outcome.result.lines.map((r) => [r.line_id, r]) : []);
  const draftIndexOf = new Map(resolved.lines.map((line, i) => [`line-${i}`, line.draft_index]));
  const engineProblems = pricingProblems(outcome, (id) => draftIndexOf.get(id));
  const rules = await ruleOutcomeOfDrafts(
    db,
    quote,
    resolved.lines.map((line, index) => ({
      key: `line-${index}`,
      sku: line.sku,
      quantities: [line.quantity],
    })),
    appNow(),
  );
  return {
    engineProblems,
    pricing: {
      lines: resolved.lines.map((line, index) =>
        renewalLineView(
          line,
          null,
          skus.get(line.sku),
          results.get(`line-${index}`),
          quote.currencyCode,
        ),
      ),
      list_minor: outcome?.ok ? outcome.result.totals.list_minor : outcome ? null : 0,
      net_minor: outcome?.ok ? outcome.result.totals.net_minor : outcome ? null : 0,
      problems: [
        ...resolved.problems.map(({ path, message }) => ({ path, message })),
        ...engineProblems,
      ],
      ...rules,
    },
  };
}

/** Why the caller cannot change the quote's products now; null when they can. */
function readOnlyReasonOf(caller: AuthContext, quote: QuoteRow): string | null {
  if (quote.quoteType === 'LEGACY') return 'Legacy quotes are read-only.';
  const finalMessage = FINAL_STATUS_MESSAGES[quote.statusId];
  if (finalMessage !== undefined) return finalMessage;
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    return 'This quote has left configuration; its products can no longer change.';
  }
  if (quote.lockedBy !== null && quote.lockedBy !== caller.userId) return LOCKED_BY_OTHER_MESSAGE;
  const { can_create_quote: creates, is_deal_desk_user: desk } = caller.permissions;
  if (!creates && !desk) return 'You may look at this quote but not change it.';
  return null;
}

/** The account's contracts the quote could be about: running, or for a renewal recently ended. */
async function readAvailableContracts(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  kind: RenewalKind,
  chosen: readonly string[],
) {
  const today = todayIso();
  const from = kind === 'RENEWAL' ? addDays(today, -90) : today;
  return readOpenAccountContracts(db, viewerOf(caller), {
    accountId: quote.accountId,
    endingFrom: from,
    exceptIds: chosen,
    today,
  });
}

/** A stored line in the resolver's shape, with what its entitlement says. */
function storedAsResolved(
  row: Awaited<ReturnType<typeof listQuoteLines>>[number],
  index: number,
  entitlementOf: ReadonlyMap<
    string,
    { contractId: string; e: ContractDetail['entitlements'][number] }
  >,
): ResolvedRenewalLine {
  const { line } = row;
  const found = line.entitlementId ? entitlementOf.get(line.entitlementId) : undefined;
  return {
    draft_index: index,
    entitlement_id: line.entitlementId,
    contract_id: found?.contractId ?? null,
    sku: line.sku,
    sku_type: line.skuType,
    source_sku: found?.e.sku ?? null,
    successor_sku: found?.e.successor_sku ?? null,
    quantity: line.y1,
    prior_quantity: found?.e.quantity ?? line.entitledQuantity,
    prior_unit_net_minor: line.priorUnitNetMinor,
    uplift_percent: line.upliftPercent,
    uplift_reason: line.upliftReason,
    manual_discount_percent: line.manualDiscountPercent,
    period_start: line.periodStart,
    period_end: line.periodEnd,
    measured_quantity: line.measuredQuantity,
    entitled_quantity: line.entitledQuantity,
  };
}

/** The configuration of a renewal, co-term or true-up quote as stored. */
export async function renewalConfigurationOf(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  kind: RenewalKind,
): Promise<RenewalConfiguration> {
  const renewal = quote.renewal;
  const chosenIds = renewal?.contract_ids ?? [];
  const chosen = await readVisibleContracts(db, caller, chosenIds);
  const available = await readAvailableContracts(db, caller, quote, kind, chosenIds);
  const defaultUplift = await readDefaultUplift(db, kind, quote);
  const lineRows = await listQuoteLines(db, quote.id);
  const entitlementOf = new Map(
    chosen.flatMap((c) => c.entitlements.map((e) => [e.id, { contractId: c.id, e }] as const)),
  );
  const lines = lineRows.map((row, index) => storedAsResolved(row, index, entitlementOf));
  let outcome: PricingOutcome | null = null;
  if (quote.quoteType !== 'LEGACY' && lineRows.length > 0) {
    outcome = await priceStoredLines(
      db,
      quote,
      lineRows.map((row) => row.line),
      yearsOf(quote),
    );
  }
  const results = new Map(outcome?.ok ? outcome.result.lines.map((r) => [r.line_id, r]) : []);
  const indexById = new Map(lineRows.map((row, index) => [row.line.id, index]));
  const readOnlyReason = readOnlyReasonOf(caller, quote);
  const term = renewal ? { start: renewal.term_start, end: renewal.term_end } : null;
  return {
    quote: {
      id: quote.id,
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      quote_type: quote.quoteType,
      deal_type: quote.dealType,
      status_id: quote.statusId,
      version: quote.version,
      currency_code: quote.currencyCode,
      account_id: quote.accountId,
      account_name: quote.accountName,
      region: quote.region,
      contract_length: quote.contractLength,
      is_editable: readOnlyReason === null,
      read_only_reason: readOnlyReason,
    },
    kind,
    contracts: chosen,
    available_contracts: available,
    term_start: term?.start ?? null,
    term_end: term?.end ?? null,
    measured_on: kind === 'TRUE_UP' ? (term?.start ?? null) : null,
    default_uplift_percent: defaultUplift,
    sku_type_required: kind === 'RENEWAL' && caller.permissions.is_deal_desk_user,
    drops: renewal?.drops ?? [],
    pricing: {
      lines: lines.map((line, index) => {
        const row = lineRows[index];
        return renewalLineView(
          line,
          row?.line.id ?? null,
          row ? { name: row.name, billing: row.billing } : undefined,
          row ? results.get(row.line.id) : undefined,
          quote.currencyCode,
        );
      }),
      list_minor: outcome?.ok ? outcome.result.totals.list_minor : outcome ? null : 0,
      net_minor: outcome?.ok ? outcome.result.totals.net_minor : outcome ? null : 0,
      problems: pricingProblems(outcome, (id) => indexById.get(id)),
      ...(quote.quoteType === 'LEGACY'
        ? NO_RULE_OUTCOME
        : await ruleOutcomeOfDrafts(
            db,
            quote,
            lineRows.map((row) => storedRuleLine(row.line, yearsOf(quote))),
            appNow(),
          )),
    },
    timeline: timelineOf(kind, chosen, lines, term),
  };
}

/** The bars of the contracts and the quote's lines (a renewal's lines run its new term). */
export function timelineOf(
  kind: RenewalKind,
  chosen: readonly ContractDetail[],
  lines: readonly ResolvedRenewalLine[],
  term: { start: string; end: string } | null,
) {
  return buildCotermTimeline(
    chosen,
    lines.map((line, index) => ({
      key: String(index),
      sku: line.sku,
      entitlement_id: line.entitlement_id,
      quantity: line.quantity,
      period_start: line.period_start,
      period_end: line.period_end,
    })),
    kind === 'RENEWAL' ? term : null,
  );
}

/**
 * The rules of the renewal, co-term and true-up configurators (issue 18, spec §5): a draft as the
 * page sends it, with the contracts and the catalogue, becomes the lines to store and the quote's
 * renewal record, or the problems that keep it from being saved, each at its field. Pure: the
 * server loads the facts and prices the lines.
 */
import type { z } from 'zod';
import { formatBp, parsePercentBp } from '../pricing/decimal.ts';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import { type QuoteRenewal, type RenewalKind } from './model.ts';
import { addDays, addMonths } from './proration.ts';
import type { ContractDetail, Entitlement, ZRenewalDraft } from './schemas.ts';

export type ParsedRenewalDraft = z.output<typeof ZRenewalDraft>;

export const NOT_RENEWAL_QUOTE_MESSAGE = 'This is not a renewal, co-term or true-up quote.';
export const CONFIGURE_ON_RENEWAL_PAGE_MESSAGE = 'Configure this quote on its renewal page.';
export const NO_SUCH_CONTRACT_MESSAGE = 'There is no such contract, or it is not yours to see.';
export const NOTHING_TO_TRUE_UP_MESSAGE = 'No usage above the entitlement: nothing to true up.';
/** Co-terms and true-ups carry the contract price on as it is unless told otherwise. */
export const NO_UPLIFT = '0';
export const DEFAULT_RENEWAL_UPLIFT = '5';

/**
 * What kind of configurator a quote opens in: its renewal record says, else its header (made by
 * the ordinary create-quote form: is_coterm, deal type TU, deal type R or is_renewal); null for
 * any other quote.
 */
export function renewalKindOfQuote(quote: {
  renewal: Pick<QuoteRenewal, 'kind'> | null;
  isCoterm: boolean;
  isRenewal: boolean;
  dealType: string;
}): RenewalKind | null {
  if (quote.renewal) return quote.renewal.kind;
  if (quote.isCoterm) return 'COTERM';
  if (quote.dealType === 'TU') return 'TRUE_UP';
  if (quote.dealType === 'R' || quote.isRenewal) return 'RENEWAL';
  return null;
}

/** Configured on the renewal pages rather than the standard one (as quote-route.ts sends it). */
export const opensOnRenewalPage = (quote: {
  renewal: unknown;
  isCoterm: boolean;
  isRenewal: boolean;
}) => quote.renewal !== null || quote.isCoterm || quote.isRenewal;

/** A SKU as the rules need it. */
export interface DraftSku {
  sku: string;
  name: string;
  billing: 'ONE_TIME' | 'ANNUAL';
  active: boolean;
}

export interface ResolveRenewalInput {
  kind: RenewalKind;
  quote: { account_id: string; currency_code: string; contract_length: number };
  /** The quote's renewal record as stored; null on a quote made by the create-quote form. */
  stored: QuoteRenewal | null;
  draft: ParsedRenewalDraft;
  /** The contracts the caller may see among `contractIdsOf(draft, stored)`, in any order. */
  contracts: readonly ContractDetail[];
  /** By SKU code: the new lines' SKUs, the entitlements' SKUs and their successors. */
  skus: ReadonlyMap<string, DraftSku>;
  isDealDesk: boolean;
  /** The renewal uplift every line starts with (quote.renewal, else the app setting). */
  defaultUpliftPercent: string;
  today: string;
}

/** A line to store: quantities, prices and periods as the pricing engine reads them. */
export interface ResolvedRenewalLine {
  /** The draft line it comes from. */
  draft_index: number;
  entitlement_id: string | null;
  contract_id: string | null;
  sku: string;
  sku_type: 'SAME' | 'SUCCESSOR' | null;
  source_sku: string | null;
  successor_sku: string | null;
  quantity: number;
  prior_quantity: number | null;
  prior_unit_net_minor: number | null;
  uplift_percent: string | null;
  uplift_reason: string | null;
  manual_discount_percent: string | null;
  period_start: string | null;
  period_end: string | null;
  measured_quantity: number | null;
  entitled_quantity: number | null;
}

export interface RenewalProblem {
  path: string;
  message: string;
  /** A contract the caller may not see: saving answers 404 rather than 400. */
  not_found?: boolean;
  /** Blocks moving on (save with advance) only: a draft may be kept meanwhile. */
  only_on_advance?: boolean;
}

export interface ResolvedRenewal {
  lines: ResolvedRenewalLine[];
  /** What quotes.renewal becomes; null when no contract could be read. */
  renewal: QuoteRenewal | null;
  /** Months of the quote's term: the draft's (RENEWAL) or those covering the period. */
  contract_length: number;
  problems: RenewalProblem[];
}

/** The contracts a draft is about: its own choice, else the quote's. */
export const contractIdsOf = (draft: ParsedRenewalDraft, stored: QuoteRenewal | null) =>
  draft.contract_ids ?? stored?.contract_ids ?? [];

const day = (iso: string) => formatContractStartDate(iso) ?? iso;
export const runs = (c: Pick<ContractDetail, 'contract_number' | 'start_date' | 'end_date'>) =>
  `${c.contract_number}, which runs ${day(c.start_date)} to ${day(c.end_date)}`;
export const within = (iso: string, c: Pick<ContractDetail, 'start_date' | 'end_date'>) =>
  iso >= c.start_date && iso <= c.end_date;
export const bpOf = (text: string) => {
  const parsed = parsePercentBp(text);
  return parsed.ok ? parsed.value : 0;
};
export const percentText = (text: string) => formatBp(bpOf(text));

/** The whole months, 1 to 60, from `start` that cover up to `end`. */
export function monthsCovering(start: string, end: string): number {
  let months = 1;
  while (months < 60 && addDays(addMonths(start, months), -1) < end) months += 1;
  return months;
}

/**
 * The new term of a renewal: from the day after the old end, for `months`. It ends `months` after
 * the old end, and on a month's last day when the old one did (28-Feb-2027 + 12 → 29-Feb-2028),
 * so a term starting on 29 February still runs a whole year.
 */
export function renewalTerm(contractEnd: string, months: number) {
  const start = addDays(contractEnd, 1);
  const isMonthEnd = start.slice(8) === '01';
  const end = isMonthEnd ? addDays(addMonths(start, months), -1) : addMonths(contractEnd, months);
  return { start, end };
}

/** The default uplift of a kind: renewals raise prices by the configured default, others not. */
export const defaultUpliftOf = (
  kind: RenewalKind,
  stored: QuoteRenewal | null,
  setting: string | null,
) =>
  kind === 'RENEWAL'
    ? percentText(stored?.default_uplift_percent ?? setting ?? DEFAULT_RENEWAL_UPLIFT)
    : NO_UPLIFT;

export const isAnnualRunningOn = (e: Entitlement, iso: string) =>
  e.billing === 'ANNUAL' && e.start_date <= iso && e.end_date >= iso;

/** The contract's ANNUAL lines running on its end date: what a renewal carries on or drops. */
export const renewableEntitlements = (contract: ContractDetail) =>
  contract.entitlements.filter((e) => e.billing === 'ANNUAL' && e.end_date === contract.end_date);

/** Checks of a line that adds a product from the catalogue. */
export function newProductProblems(
  input: ResolveRenewalInput,
  line: ParsedRenewalDraft['lines'][number],
  index: number,
): RenewalProblem[] {
  const problems: RenewalProblem[] = [];
  const sku = input.skus.get(line.sku);
  if (line.sku === '') problems.push({ path: `lines.${index}.sku`, message: 'Choose a product.' });
  else if (!sku) {
    problems.push({
      path: `lines.${index}.sku`,
      message: `SKU ${line.sku} is not in the catalogue.`,
    });
  } else if (!sku.active) {
    problems.push({ path: `lines.${index}.sku`, message: `SKU ${line.sku} is no longer sold.` });
  }
  if (line.quantity < 1) {
    problems.push({ path: `lines.${index}.quantity`, message: 'Enter a quantity of 1 or more.' });
  }
  return problems;
}

export const blankLine = (
  index: number,
  line: ParsedRenewalDraft['lines'][number],
): ResolvedRenewalLine => ({
  draft_index: index,
  entitlement_id: null,
  contract_id: null,
  sku: line.sku,
  sku_type: null,
  source_sku: null,
  successor_sku: null,
  quantity: line.quantity,
  prior_quantity: null,
  prior_unit_net_minor: null,
  uplift_percent: null,
  uplift_reason: null,
  manual_discount_percent: line.manual_discount_percent,
  period_start: null,
  period_end: null,
  measured_quantity: null,
  entitled_quantity: null,
});

export const fromEntitlement = (
  index: number,
  line: ParsedRenewalDraft['lines'][number],
  contract: ContractDetail,
  e: Entitlement,
): ResolvedRenewalLine => ({
  ...blankLine(index, line),
  entitlement_id: e.id,
  contract_id: contract.id,
  sku: e.sku,
  source_sku: e.sku,
  successor_sku: e.successor_sku,
  prior_quantity: e.quantity,
  prior_unit_net_minor: e.unit_net_minor,
});

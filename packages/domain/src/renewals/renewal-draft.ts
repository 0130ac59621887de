import type { z } from 'zod';
import { formatBp, parsePercentBp } from '../pricing/decimal.ts';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import { RENEWAL_MESSAGES, type QuoteRenewal, type RenewalKind } from './model.ts';
import { addDays, addMonths } from './proration.ts';
import type { ContractDetail, Entitlement, ZRenewalDraft } from './schemas.ts';

/**
 * The rules of the renewal, co-term and true-up configurators (issue 18, spec §5): a draft as the
 * page sends it, with the contracts and the catalogue, becomes the lines to store and the quote's
 * renewal record, or the problems that keep it from being saved, each at its field. Pure: the
 * server loads the facts and prices the lines.
 */

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
const runs = (c: Pick<ContractDetail, 'contract_number' | 'start_date' | 'end_date'>) =>
  `${c.contract_number}, which runs ${day(c.start_date)} to ${day(c.end_date)}`;
const within = (iso: string, c: Pick<ContractDetail, 'start_date' | 'end_date'>) =>
  iso >= c.start_date && iso <= c.end_date;
const bpOf = (text: string) => {
  const parsed = parsePercentBp(text);
  return parsed.ok ? parsed.value : 0;
};
const percentText = (text: string) => formatBp(bpOf(text));

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

const isAnnualRunningOn = (e: Entitlement, iso: string) =>
  e.billing === 'ANNUAL' && e.start_date <= iso && e.end_date >= iso;

/** The contract's ANNUAL lines running on its end date: what a renewal carries on or drops. */
export const renewableEntitlements = (contract: ContractDetail) =>
  contract.entitlements.filter((e) => e.billing === 'ANNUAL' && e.end_date === contract.end_date);

function checkContracts(input: ResolveRenewalInput, ids: readonly string[]) {
  const problems: RenewalProblem[] = [];
  const byId = new Map(input.contracts.map((c) => [c.id, c]));
  const chosen: ContractDetail[] = [];
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    const path = `contract_ids.${index}`;
    const contract = byId.get(id);
    if (seen.has(id)) {
      problems.push({ path, message: 'That contract is chosen twice.' });
      return;
    }
    seen.add(id);
    if (!contract) {
      problems.push({ path, message: NO_SUCH_CONTRACT_MESSAGE, not_found: true });
      return;
    }
    if (contract.account_id !== input.quote.account_id) {
      problems.push({ path, message: `${contract.contract_number} belongs to another account.` });
    } else if (contract.currency_code !== input.quote.currency_code) {
      problems.push({
        path,
        message: `${contract.contract_number} is in ${contract.currency_code}; this quote is in ${input.quote.currency_code}.`,
      });
    } else if (contract.status === 'RENEWED' || contract.status === 'LOST') {
      problems.push({
        path,
        message: `${contract.contract_number} is ${contract.status === 'LOST' ? 'lost' : 'already renewed'}: choose a running contract.`,
      });
    }
    chosen.push(contract);
  });
  return { problems, chosen };
}

/** Checks of a line that adds a product from the catalogue. */
function newProductProblems(
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

const blankLine = (
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

const fromEntitlement = (
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

/** Turns a draft into the lines to store and the quote's renewal record, or problems. */
export function resolveRenewalDraft(input: ResolveRenewalInput): ResolvedRenewal {
  const ids = contractIdsOf(input.draft, input.stored);
  const checked = checkContracts(input, ids);
  const problems = [...checked.problems];
  const target = checked.chosen[0];
  const fallback = { lines: [], renewal: null, contract_length: input.quote.contract_length };
  if (ids.length === 0) {
    return {
      ...fallback,
      problems: [{ path: 'contract_ids', message: 'Choose the contract this quote is about.' }],
    };
  }
  if (!target) return { ...fallback, problems };
  if (input.kind !== 'COTERM' && ids.length > 1) {
    problems.push({
      path: 'contract_ids',
      message: `A ${input.kind === 'RENEWAL' ? 'renewal' : 'true-up'} is about one contract.`,
    });
  }
  const stored = input.stored?.contract_ids[0];
  if (input.kind !== 'COTERM' && input.stored && stored !== undefined && stored !== target.id) {
    problems.push({
      path: 'contract_ids.0',
      message: 'This quote was made for another contract: make a new quote for this one.',
    });
  }
  const resolved =
    input.kind === 'RENEWAL'
      ? resolveRenewal(input, target)
      : input.kind === 'COTERM'
        ? resolveCoterm(input, checked.chosen)
        : resolveTrueUp(input, target);
  return { ...resolved, problems: [...problems, ...resolved.problems] };
}

function resolveRenewal(input: ResolveRenewalInput, contract: ContractDetail): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const length = draft.contract_length ?? input.quote.contract_length;
  const term = renewalTerm(contract.end_date, length);
  const renewable = new Map(renewableEntitlements(contract).map((e) => [e.id, e]));
  const dropped = new Map<string, { index: number; reason: string }>();
  draft.drops.forEach((drop, index) => {
    const path = `drops.${index}`;
    if (!renewable.has(drop.entitlement_id)) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: 'That is not a line of this contract to drop.',
      });
    } else if (dropped.has(drop.entitlement_id)) {
      problems.push({ path: `${path}.entitlement_id`, message: 'That line is dropped twice.' });
    } else {
      dropped.set(drop.entitlement_id, { index, reason: drop.reason });
    }
    if (drop.reason.trim() === '') {
      problems.push({ path: `${path}.reason`, message: RENEWAL_MESSAGES.dropReasonRequired });
    }
  });

  const defaultBp = bpOf(input.defaultUpliftPercent);
  const renewed = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    if (line.entitlement_id === null) {
      const found = newProductProblems(input, line, index);
      problems.push(...found);
      if (found.length === 0) lines.push(blankLine(index, line));
      return;
    }
    const e = renewable.get(line.entitlement_id);
    if (!e) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: 'That is not an annual line of this contract running on its end date.',
      });
      return;
    }
    const lineProblems: RenewalProblem[] = [];
    if (renewed.has(e.id)) {
      lineProblems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is renewed twice.` });
    }
    renewed.add(e.id);
    if (dropped.has(e.id)) {
      lineProblems.push({
        path: `${path}.entitlement_id`,
        message: `${e.sku} is both renewed and dropped: keep one.`,
      });
    }
    let skuType = line.sku_type;
    if (skuType === null && input.isDealDesk) {
      lineProblems.push({ path: `${path}.sku_type`, message: RENEWAL_MESSAGES.skuTypeRequired });
    }
    skuType ??= 'SAME';
    let sku = e.sku;
    if (skuType === 'SUCCESSOR') {
      if (e.successor_sku === null) {
        lineProblems.push({
          path: `${path}.sku_type`,
          message: RENEWAL_MESSAGES.noSuccessor(e.sku),
        });
      } else {
        sku = e.successor_sku;
        const successor = input.skus.get(sku);
        if (!successor?.active) {
          lineProblems.push({ path: `${path}.sku_type`, message: `SKU ${sku} is no longer sold.` });
        }
      }
    }
    const uplift = line.uplift_percent === null ? null : percentText(line.uplift_percent);
    const reason = line.uplift_reason?.trim() ? line.uplift_reason.trim() : null;
    if (uplift !== null && bpOf(uplift) !== defaultBp && reason === null) {
      lineProblems.push({
        path: `${path}.uplift_reason`,
        message: RENEWAL_MESSAGES.upliftReasonRequired,
      });
    }
    if (line.quantity < 1) {
      lineProblems.push({
        path: `${path}.quantity`,
        message: 'Enter a quantity of 1 or more, or drop the line.',
      });
    }
    problems.push(...lineProblems);
    if (lineProblems.length > 0) return;
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      sku,
      sku_type: skuType,
      uplift_percent: uplift ?? formatBp(defaultBp),
      uplift_reason: reason,
    });
  });

  for (const e of renewable.values()) {
    if (!renewed.has(e.id) && !dropped.has(e.id)) {
      problems.push({
        path: 'lines',
        message: `Renew or drop every contract line: ${e.sku} is neither.`,
      });
    }
  }

  return {
    lines,
    contract_length: length,
    problems,
    renewal: {
      kind: 'RENEWAL',
      contract_ids: [contract.id],
      term_start: term.start,
      term_end: term.end,
      default_uplift_percent: formatBp(defaultBp),
      drops: [...dropped.entries()].flatMap(([id, drop]) => {
        const e = renewable.get(id);
        return e
          ? [{ entitlement_id: id, sku: e.sku, quantity: e.quantity, reason: drop.reason }]
          : [];
      }),
    },
  };
}

function resolveCoterm(input: ResolveRenewalInput, chosen: ContractDetail[]): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const [target, ...merged] = chosen as [ContractDetail, ...ContractDetail[]];
  const start = draft.term_start ?? input.stored?.term_start ?? input.today;
  const end = target.end_date;
  const startOk = within(start, target);
  if (!startOk) {
    problems.push({
      path: 'term_start',
      message: `The co-term start must fall within ${runs(target)}.`,
    });
  }
  const extendable = new Map(
    merged.flatMap((c) => c.entitlements.map((e) => [e.id, { contract: c, e }] as const)),
  );
  const ofTarget = new Set(target.entitlements.map((e) => e.id));
  const extended = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    if (line.entitlement_id === null) {
      const found = newProductProblems(input, line, index);
      problems.push(...found);
      if (found.length > 0) return;
      const annual = input.skus.get(line.sku)?.billing === 'ANNUAL';
      lines.push({
        ...blankLine(index, line),
        period_start: annual && startOk ? start : null,
        period_end: annual && startOk ? end : null,
      });
      return;
    }
    const found = extendable.get(line.entitlement_id);
    if (!found) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: ofTarget.has(line.entitlement_id)
          ? `Lines of ${target.contract_number} already end with it: there is nothing to extend.`
          : 'That is not a line of the contracts merged onto this one.',
      });
      return;
    }
    const { contract, e } = found;
    if (extended.has(e.id)) {
      problems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is extended twice.` });
      return;
    }
    extended.add(e.id);
    if (e.billing !== 'ANNUAL') {
      problems.push({
        path: `${path}.entitlement_id`,
        message: `${e.sku} is bought once: only annual lines are extended.`,
      });
      return;
    }
    // Already running to the end date (or beyond): nothing to add.
    if (e.end_date >= end) return;
    if (line.quantity < 1) {
      problems.push({
        path: `${path}.quantity`,
        message: 'Enter a quantity of 1 or more, or remove the line.',
      });
      return;
    }
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      uplift_percent: percentText(line.uplift_percent ?? NO_UPLIFT),
      uplift_reason: line.uplift_reason?.trim() ? line.uplift_reason.trim() : null,
      period_start: addDays(e.end_date, 1),
      period_end: end,
    });
  });
  return {
    lines,
    problems,
    contract_length: startOk ? monthsCovering(start, end) : input.quote.contract_length,
    renewal: {
      kind: 'COTERM',
      contract_ids: chosen.map((c) => c.id),
      term_start: start,
      term_end: end,
      default_uplift_percent: NO_UPLIFT,
      drops: [],
    },
  };
}

function resolveTrueUp(input: ResolveRenewalInput, contract: ContractDetail): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const measuredOn = draft.measured_on ?? input.stored?.term_start ?? input.today;
  const dateOk = within(measuredOn, contract);
  if (!dateOk) {
    problems.push({
      path: 'measured_on',
      message: `The measurement date must fall within ${runs(contract)}.`,
    });
  }
  const byId = new Map(contract.entitlements.map((e) => [e.id, e]));
  const measured = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    const e = line.entitlement_id === null ? undefined : byId.get(line.entitlement_id);
    if (!e || (dateOk && !isAnnualRunningOn(e, measuredOn))) {
      problems.push({
        path: `${path}.entitlement_id`,
        message:
          line.entitlement_id === null
            ? 'Name the contract line whose usage was measured.'
            : 'That is not an annual line of this contract running on the measurement date.',
      });
      return;
    }
    if (measured.has(e.id)) {
      problems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is measured twice.` });
      return;
    }
    measured.add(e.id);
    // A line left blank was not measured: nothing to true up on it.
    if (line.measured_quantity === null) return;
    const overage = line.measured_quantity - e.quantity;
    if (overage <= 0 || !dateOk) return;
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      quantity: overage,
      uplift_percent: NO_UPLIFT,
      period_start: measuredOn,
      period_end: contract.end_date,
      measured_quantity: line.measured_quantity,
      entitled_quantity: e.quantity,
    });
  });
  if (problems.length === 0 && lines.length === 0) {
    problems.push({ path: 'lines', message: NOTHING_TO_TRUE_UP_MESSAGE, only_on_advance: true });
  }
  return {
    lines,
    problems,
    contract_length: dateOk
      ? monthsCovering(measuredOn, contract.end_date)
      : input.quote.contract_length,
    renewal: {
      kind: 'TRUE_UP',
      contract_ids: [contract.id],
      term_start: measuredOn,
      term_end: contract.end_date,
      default_uplift_percent: NO_UPLIFT,
      drops: [],
    },
  };
}

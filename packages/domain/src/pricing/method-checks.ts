/**
 * Issue 35: the checks of what catalogue admins set for pricing beyond a price row (methods.ts):
 * a SKU's pricing method, its block bands, discount schedule tiers and term discounts, and the
 * cycles percent-of-total SKUs could form by covering each other. Pure and without zod, so the
 * admin forms, the server's schemas (methods-schema.ts) and the engine's input checks can all
 * say the same words. Each problem names the field of the admin API it is about.
 */
import { parsePercentBp, parseScaledDecimal } from './decimal.ts';
import { PRODUCT_KINDS, type ProductKind } from './model.ts';
import {
  COVER_SCOPES,
  PRICING_METHODS,
  type CoverScope,
  type PercentOfTotalCover,
  type PricingMethodName,
} from './methods.ts';

/** One problem: the admin API's field (`covers.skus`, `bands.2.min_quantity`) and what to fix. */
export interface MethodProblem {
  field: string;
  message: string;
}

/** The highest percentage a method takes: a share of the covered price, or a markup on cost. */
export const MAX_METHOD_PERCENT = 1000;
/** SKUs one percent-of-total cover may name; more is a model or a family. */
export const MAX_COVERED_SKUS = 50;
/** A quantity is at most this (the engine's own bound on a line's quantity). */
export const MAX_BAND_QUANTITY = 1_000_000_000;
export const MAX_PRICE_BANDS = 50;
export const MAX_SCHEDULE_TIERS = 50;
/** Floors, ceilings and band prices: at most 1,000,000,000.00. */
export const MAX_METHOD_MONEY_MINOR = 100_000_000_000;
/** Term discounts run from 1 to 60 months (a STANDARD quote's contract lengths). */
export const MIN_TERM_MONTHS = 1;
export const MAX_TERM_MONTHS = 60;

const PERCENT_LABEL: Readonly<Record<'PERCENT_OF_TOTAL' | 'COST_PLUS', string>> = {
  PERCENT_OF_TOTAL: 'The share',
  COST_PLUS: 'The markup',
};

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "1–5", "25+" (no upper bound). */
export const bandText = (band: { min_quantity: number; max_quantity: number | null }) =>
  band.max_quantity === null
    ? `${band.min_quantity}+`
    : `${band.min_quantity}–${band.max_quantity}`;

/** Every message of these checks, so tests and screens can name them. */
export const METHOD_MESSAGES = {
  unknownMethod: `The pricing method is one of ${PRICING_METHODS.join(', ')}.`,
  percentRequired: {
    PERCENT_OF_TOTAL: 'Enter the share of the covered net unit price, such as 20.',
    COST_PLUS: 'Enter the markup on cost, such as 25.',
  },
  percentNotNumber: (label: string) => `${label} must be a number such as 20 (no % sign).`,
  percentDecimals: (label: string) => `${label} can have at most 2 decimals.`,
  percentRange: (label: string) => `${label} must be from 0 to ${MAX_METHOD_PERCENT} %.`,
  percentNotUsed:
    'Only the percent-of-total and cost-plus methods take a percentage: leave it empty.',
  coversRequired: 'Say what the SKU covers: SKUs, its model, its family or the whole quote.',
  coversNotUsed: 'Only the percent-of-total method covers other lines.',
  unknownScope: `The cover is one of ${COVER_SCOPES.join(', ')}.`,
  skusRequired: 'Name at least one SKU it covers.',
  tooManySkus: `Name at most ${MAX_COVERED_SKUS} SKUs: cover the model or the family instead.`,
  coversItself: (sku: string) => `${sku} cannot cover itself.`,
  skuNamedTwice: (sku: string) => `${sku} is named twice.`,
  skusNotForScope: 'Only a cover by SKU names SKUs: choose kinds instead.',
  kindsNotForSkuScope: 'A cover by SKU names SKUs, not kinds.',
  unknownKind: (kind: string) => `${kind} is not a product kind.`,
  bundleKind: 'A bundle has no price of its own: cover the kinds of its components.',
  kindNamedTwice: (kind: string) => `${kind} is named twice.`,
  moneyNotWholeCents: (label: string) =>
    `${label} must be a whole number of cents, from 0 to 1,000,000,000.00.`,
  moneyFormat: (label: string) =>
    `${label} must be an amount in US dollars such as 150.00 (no $ or commas).`,
  moneyDecimals: (label: string) => `${label} can have at most 2 decimals (cents).`,
  floorAboveCeiling: 'The floor cannot be above the ceiling.',
  floorCeilingNotUsed: 'Only the percent-of-total method has a floor and a ceiling.',
  // Block bands.
  bandsTooMany: `A SKU has at most ${MAX_PRICE_BANDS} bands in a currency.`,
  bandMin: `A band starts at a whole number from 0 to ${MAX_BAND_QUANTITY.toLocaleString('en-US')}.`,
  bandMax: 'A band ends at a whole number at least its start (leave it empty for no end).',
  bandPrice: 'A band’s price must be a whole number of cents, 0 or more.',
  bandsOverlap: (
    a: { min_quantity: number; max_quantity: number | null },
    b: { min_quantity: number; max_quantity: number | null },
  ) => `Bands ${bandText(a)} and ${bandText(b)} overlap.`,
  // Discount schedule tiers.
  tiersRequired: 'A discount schedule needs at least one tier.',
  tiersTooMany: `A discount schedule has at most ${MAX_SCHEDULE_TIERS} tiers.`,
  tierMin: `A tier starts at a whole number of units from 0 to ${MAX_BAND_QUANTITY.toLocaleString('en-US')}.`,
  tierTwice: (min: number) => `Two tiers start at ${min.toLocaleString('en-US')} units: keep one.`,
  tierPercentRequired: 'Enter the tier’s discount, such as 12.5.',
  tierPercentNotNumber: 'The discount must be a number such as 12.5 (no % sign).',
  tierPercentDecimals: 'The discount can have at most 2 decimals.',
  tierPercentRange: 'The discount must be from 0 to 100 %.',
  // Term discounts.
  termKindBundle: 'A bundle has no price of its own: give its components’ kinds a term discount.',
  termMonths: `A term discount starts at a whole number of months from ${MIN_TERM_MONTHS} to ${MAX_TERM_MONTHS}.`,
  // Cycles.
  coverCycle: (cycle: readonly string[]) =>
    cycle.length === 2
      ? `${cycle[0]} and ${cycle[1]} cover each other.`
      : `${listed(cycle)} cover each other in a circle: ${cycle
          .map((sku, index) => `${sku} covers ${cycle[(index + 1) % cycle.length]}`)
          .join(', ')}.`,
} as const;

/* Reading what admins type. */

export type MoneyRead = { ok: true; minor: number } | { ok: false; message: string };

/** US dollars typed as text ("150", "150.00") in cents; `label` names the field in messages. */
export function readUsdText(text: string, label: string): MoneyRead {
  const parsed = parseScaledDecimal(text, 2);
  if (!parsed.ok) {
    return {
      ok: false,
      message:
        parsed.problem === 'DECIMALS'
          ? METHOD_MESSAGES.moneyDecimals(label)
          : METHOD_MESSAGES.moneyFormat(label),
    };
  }
  if (parsed.value < 0 || parsed.value > MAX_METHOD_MONEY_MINOR) {
    return { ok: false, message: METHOD_MESSAGES.moneyNotWholeCents(label) };
  }
  return { ok: true, minor: parsed.value };
}

const isWholeCents = (minor: number) =>
  Number.isSafeInteger(minor) && minor >= 0 && minor <= MAX_METHOD_MONEY_MINOR;

/** The problem of a percentage from 0 to `max` with at most 2 decimals, or null. */
function percentTextProblem(
  text: string,
  max: number,
  messages: { notNumber: string; decimals: string; range: string },
): string | null {
  const parsed = parsePercentBp(text);
  if (!parsed.ok) return parsed.problem === 'DECIMALS' ? messages.decimals : messages.notNumber;
  return parsed.value < 0 || parsed.value > max * 100 ? messages.range : null;
}

/* A SKU's pricing method. */

/**
 * A pricing method as scheduled or stored: the percentage as decimal text, floor and ceiling
 * in US cents. Problems name the admin API's fields: `percent`, `covers.scope`, `covers.skus`,
 * `covers.kinds`, `floor_usd` and `ceiling_usd`.
 */
export interface PricingMethodRow {
  sku: string;
  method: PricingMethodName;
  percent: string | null;
  covers: PercentOfTotalCover | null;
  floor_usd_minor: number | null;
  ceiling_usd_minor: number | null;
}

function coverProblems(sku: string, covers: PercentOfTotalCover): MethodProblem[] {
  const problems: MethodProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!(COVER_SCOPES as readonly string[]).includes(covers.scope)) {
    add('covers.scope', METHOD_MESSAGES.unknownScope);
    return problems;
  }
  const skus = covers.skus ?? [];
  const kinds = covers.kinds ?? [];
  if (covers.scope === 'SKU') {
    if (kinds.length > 0) add('covers.kinds', METHOD_MESSAGES.kindsNotForSkuScope);
    if (skus.length === 0) add('covers.skus', METHOD_MESSAGES.skusRequired);
    if (skus.length > MAX_COVERED_SKUS) add('covers.skus', METHOD_MESSAGES.tooManySkus);
    if (skus.includes(sku)) add('covers.skus', METHOD_MESSAGES.coversItself(sku));
    const twice = skus.find((code, index) => skus.indexOf(code) !== index);
    if (twice !== undefined) add('covers.skus', METHOD_MESSAGES.skuNamedTwice(twice));
    return problems;
  }
  if (skus.length > 0) add('covers.skus', METHOD_MESSAGES.skusNotForScope);
  const unknown = kinds.find((kind) => !(PRODUCT_KINDS as readonly string[]).includes(kind));
  if (unknown !== undefined) add('covers.kinds', METHOD_MESSAGES.unknownKind(unknown));
  else if (kinds.includes('BUNDLE')) add('covers.kinds', METHOD_MESSAGES.bundleKind);
  const twice = kinds.find((kind, index) => kinds.indexOf(kind) !== index);
  if (twice !== undefined) add('covers.kinds', METHOD_MESSAGES.kindNamedTwice(twice));
  return problems;
}

function floorCeilingProblems(row: PricingMethodRow): MethodProblem[] {
  const problems: MethodProblem[] = [];
  const { floor_usd_minor: floor, ceiling_usd_minor: ceiling } = row;
  if (floor !== null && !isWholeCents(floor)) {
    problems.push({ field: 'floor_usd', message: METHOD_MESSAGES.moneyNotWholeCents('The floor') });
  }
  if (ceiling !== null && !isWholeCents(ceiling)) {
    problems.push({
      field: 'ceiling_usd',
      message: METHOD_MESSAGES.moneyNotWholeCents('The ceiling'),
    });
  }
  if (problems.length === 0 && floor !== null && ceiling !== null && floor > ceiling) {
    problems.push({ field: 'floor_usd', message: METHOD_MESSAGES.floorAboveCeiling });
  }
  return problems;
}

/**
 * What is wrong with a pricing method on its own (not against the catalogue): a percentage for
 * percent-of-total (the share, 0–1000 %) and cost-plus (the markup, 0–1000 %) only, with at most
 * 2 decimals; a cover for percent-of-total only, a cover by SKU naming 1 to 50 SKUs, none twice
 * and not the SKU itself; a floor and a ceiling for percent-of-total only, in whole cents, the
 * floor not above the ceiling. Empty when it is fine.
 */
export function pricingMethodProblems(row: PricingMethodRow): MethodProblem[] {
  if (!(PRICING_METHODS as readonly string[]).includes(row.method)) {
    return [{ field: 'method', message: METHOD_MESSAGES.unknownMethod }];
  }
  const problems: MethodProblem[] = [];
  const method = row.method;
  if (method === 'PERCENT_OF_TOTAL' || method === 'COST_PLUS') {
    const label = PERCENT_LABEL[method];
    const problem =
      row.percent === null || row.percent.trim() === ''
        ? METHOD_MESSAGES.percentRequired[method]
        : percentTextProblem(row.percent, MAX_METHOD_PERCENT, {
            notNumber: METHOD_MESSAGES.percentNotNumber(label),
            decimals: METHOD_MESSAGES.percentDecimals(label),
            range: METHOD_MESSAGES.percentRange(label),
          });
    if (problem) problems.push({ field: 'percent', message: problem });
  } else if (row.percent !== null) {
    problems.push({ field: 'percent', message: METHOD_MESSAGES.percentNotUsed });
  }
  if (method === 'PERCENT_OF_TOTAL') {
    if (row.covers === null) {
      problems.push({ field: 'covers.scope', message: METHOD_MESSAGES.coversRequired });
    } else {
      problems.push(...coverProblems(row.sku, row.covers));
    }
    problems.push(...floorCeilingProblems(row));
  } else {
    if (row.covers !== null) {
      problems.push({ field: 'covers.scope', message: METHOD_MESSAGES.coversNotUsed });
    }
    if (row.floor_usd_minor !== null || row.ceiling_usd_minor !== null) {
      problems.push({
        field: row.floor_usd_minor !== null ? 'floor_usd' : 'ceiling_usd',
        message: METHOD_MESSAGES.floorCeilingNotUsed,
      });
    }
  }
  return problems;
}

/* Block bands. */

/** A flat price for any quantity from min to max, both included (max null: no end). */
export interface PriceBlockBand {
  min_quantity: number;
  max_quantity: number | null;
  price_minor: number;
}

const isQuantity = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_BAND_QUANTITY;

/**
 * What is wrong with a SKU's bands in one currency: whole quantities, each band ending at or
 * after its start, prices in whole cents, and no two bands sharing a quantity (gaps are fine:
 * a quantity in no band has no block price). Fields `bands.N.min_quantity`, `…max_quantity`,
 * `…price`; an overlap is reported on the later band's start.
 */
export function blockBandProblems(bands: readonly PriceBlockBand[]): MethodProblem[] {
  if (bands.length > MAX_PRICE_BANDS) {
    return [{ field: 'bands', message: METHOD_MESSAGES.bandsTooMany }];
  }
  const problems: MethodProblem[] = [];
  const readable: { band: PriceBlockBand; index: number }[] = [];
  bands.forEach((band, index) => {
    const at = (field: string) => `bands.${index}.${field}`;
    const before = problems.length;
    if (!isQuantity(band.min_quantity)) {
      problems.push({ field: at('min_quantity'), message: METHOD_MESSAGES.bandMin });
    } else if (
      band.max_quantity !== null &&
      (!isQuantity(band.max_quantity) || band.max_quantity < band.min_quantity)
    ) {
      problems.push({ field: at('max_quantity'), message: METHOD_MESSAGES.bandMax });
    }
    if (!isWholeCents(band.price_minor)) {
      problems.push({ field: at('price'), message: METHOD_MESSAGES.bandPrice });
    }
    if (problems.length === before) readable.push({ band, index });
  });
  const ordered = [...readable].sort(
    (a, b) => a.band.min_quantity - b.band.min_quantity || a.index - b.index,
  );
  ordered.forEach((later, position) => {
    const earlier = ordered[position - 1];
    if (!earlier) return;
    const { max_quantity: end } = earlier.band;
    if (end === null || end >= later.band.min_quantity) {
      problems.push({
        field: `bands.${later.index}.min_quantity`,
        message: METHOD_MESSAGES.bandsOverlap(earlier.band, later.band),
      });
    }
  });
  return problems;
}

/* Discount schedule tiers. */

/** A tier of a discount schedule: from this many units, this discount (decimal text). */
export interface ScheduleTier {
  min_quantity: number;
  percent: string;
}

const TIER_PERCENT = {
  notNumber: METHOD_MESSAGES.tierPercentNotNumber,
  decimals: METHOD_MESSAGES.tierPercentDecimals,
  range: METHOD_MESSAGES.tierPercentRange,
};

/** A discount from 0 to 100 % with at most 2 decimals; null when it is fine. */
export function discountPercentProblem(text: string): string | null {
  if (text.trim() === '') return METHOD_MESSAGES.tierPercentRequired;
  return percentTextProblem(text, 100, TIER_PERCENT);
}

/**
 * What is wrong with a schedule's tiers: 1 to 50 of them, each from a whole number of units (0
 * or more), no two from the same number, each a discount from 0 to 100 % with at most 2
 * decimals. Fields `tiers`, `tiers.N.min_quantity`, `tiers.N.percent`.
 */
export function scheduleTierProblems(tiers: readonly ScheduleTier[]): MethodProblem[] {
  if (tiers.length === 0) return [{ field: 'tiers', message: METHOD_MESSAGES.tiersRequired }];
  if (tiers.length > MAX_SCHEDULE_TIERS) {
    return [{ field: 'tiers', message: METHOD_MESSAGES.tiersTooMany }];
  }
  const problems: MethodProblem[] = [];
  const seen = new Set<number>();
  tiers.forEach((tier, index) => {
    if (!isQuantity(tier.min_quantity)) {
      problems.push({ field: `tiers.${index}.min_quantity`, message: METHOD_MESSAGES.tierMin });
    } else if (seen.has(tier.min_quantity)) {
      problems.push({
        field: `tiers.${index}.min_quantity`,
        message: METHOD_MESSAGES.tierTwice(tier.min_quantity),
      });
    }
    seen.add(tier.min_quantity);
    const percent = discountPercentProblem(tier.percent);
    if (percent) problems.push({ field: `tiers.${index}.percent`, message: percent });
  });
  return problems;
}

/* Term discounts. */

/** A kind's discount from a contract length on (the highest reached applies). */
export interface TermDiscount {
  product_kind: ProductKind;
  min_months: number;
  percent: string;
}

/**
 * What is wrong with a term discount: a kind that has a price (not BUNDLE), a whole number of
 * months from 1 to 60, a discount from 0 to 100 % with at most 2 decimals. Fields
 * `product_kind`, `min_months`, `percent`.
 */
export function termDiscountProblems(row: TermDiscount): MethodProblem[] {
  const problems: MethodProblem[] = [];
  if (!(PRODUCT_KINDS as readonly string[]).includes(row.product_kind)) {
    problems.push({
      field: 'product_kind',
      message: METHOD_MESSAGES.unknownKind(row.product_kind),
    });
  } else if (row.product_kind === 'BUNDLE') {
    problems.push({ field: 'product_kind', message: METHOD_MESSAGES.termKindBundle });
  }
  if (
    !Number.isSafeInteger(row.min_months) ||
    row.min_months < MIN_TERM_MONTHS ||
    row.min_months > MAX_TERM_MONTHS
  ) {
    problems.push({ field: 'min_months', message: METHOD_MESSAGES.termMonths });
  }
  const percent = discountPercentProblem(row.percent);
  if (percent) problems.push({ field: 'percent', message: percent });
  return problems;
}

/* What percent-of-total SKUs cover, and cycles among them. */

/** What a cover reads of a SKU: its family, kind and `model` attribute (null: none). */
export interface SkuCoverFacts {
  sku: string;
  family_id: string;
  kind: ProductKind;
  model: string | null;
}

/**
 * Whether `subject`'s cover takes in the lines of `other`: a SKU never covers itself; by SKU,
 * the SKUs named; by model, SKUs with the subject's model (none when the subject has none); by
 * family, SKUs of its family; by quote, every SKU; the last three only of the kinds named, when
 * some are.
 */
export function isCoveredBy(
  subject: SkuCoverFacts,
  cover: PercentOfTotalCover,
  other: SkuCoverFacts,
): boolean {
  if (other.sku === subject.sku) return false;
  if (cover.scope === 'SKU') return (cover.skus ?? []).includes(other.sku);
  const kinds = cover.kinds ?? [];
  if (kinds.length > 0 && !kinds.includes(other.kind)) return false;
  const inScope: Record<Exclude<CoverScope, 'SKU'>, boolean> = {
    MODEL: subject.model !== null && other.model === subject.model,
    FAMILY: other.family_id === subject.family_id,
    QUOTE: true,
  };
  return inScope[cover.scope];
}

/** The SKUs among `catalogue` whose lines `subject`'s cover takes in, in the order given. */
export function coveredSkus(
  subject: SkuCoverFacts,
  cover: PercentOfTotalCover,
  catalogue: Iterable<SkuCoverFacts>,
): string[] {
  const covered: string[] = [];
  for (const other of catalogue) {
    if (isCoveredBy(subject, cover, other)) covered.push(other.sku);
  }
  return covered;
}

/**
 * A cycle among percent-of-total SKUs covering each other, as the SKUs in order (each covers
 * the next, the last the first), or null. `methodsBySku` holds the cover of every SKU priced as a
 * percent of total at one moment; `facts` what the covers read of those SKUs (a SKU without
 * facts is covered only by name). With `through`, only a cycle through that SKU counts (the one
 * being changed), and it comes first.
 */
export function findCoverCycle(
  methodsBySku: ReadonlyMap<string, PercentOfTotalCover>,
  facts: ReadonlyMap<string, SkuCoverFacts>,
  through?: string,
): string[] | null {
  const nodes = [...methodsBySku.keys()].sort();
  const factsOf = (sku: string): SkuCoverFacts =>
    facts.get(sku) ?? { sku, family_id: '', kind: 'BUNDLE', model: null };
  const edges = new Map<string, string[]>();
  for (const from of nodes) {
    const cover = methodsBySku.get(from);
    if (!cover) continue;
    const subject = factsOf(from);
    edges.set(
      from,
      nodes.filter((to) =>
        cover.scope === 'SKU'
          ? to !== from && (cover.skus ?? []).includes(to)
          : facts.has(to) && isCoveredBy(subject, cover, factsOf(to)),
      ),
    );
  }
  if (through !== undefined) return methodsBySku.has(through) ? cycleThrough(edges, through) : null;
  // Depth first, colouring nodes: on the path (grey) or finished (black).
  const state = new Map<string, 'grey' | 'black'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'grey');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'grey') return path.slice(path.indexOf(next));
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'black');
    return null;
  };
  for (const start of nodes) {
    const cycle = state.has(start) ? null : visit(start);
    if (cycle) return cycle;
  }
  return null;
}

/** The shortest cycle through `start` (breadth first, back to it), starting with it; or null. */
function cycleThrough(edges: ReadonlyMap<string, string[]>, start: string): string[] | null {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const cycle = [at];
        for (let step = previous.get(at); step !== undefined; step = previous.get(step)) {
          cycle.unshift(step);
        }
        return cycle;
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

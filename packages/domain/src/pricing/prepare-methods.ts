/**
 * Issue 35: reads a SKU's pricing method and discount schedule, and the quote's term discounts,
 * into the integers the engine works with (docs/pricing.md, "Pricing methods", "Discount
 * schedules", "Term discounts"). Like validate.ts, every problem is worded for the person who can
 * fix it: here the catalogue admin, as these are catalogue data.
 */
import {
  BP_PER_PERCENT,
  BP_PER_WHOLE,
  MICRO_PER_UNIT,
  multiplyRatio,
  parsePercentBp,
} from './decimal.ts';
import {
  COVER_SCOPES,
  SCHEDULE_AGGREGATES,
  SCHEDULE_TYPES,
  type CoverScope,
  type ScheduleAggregate,
  type ScheduleType,
} from './methods.ts';
import { type CatalogSku, type PriceBlock, type PricingInput } from './model.ts';
import { PRODUCT_KINDS, type ProductKind } from './product-kinds.ts';

/** A percent-of-total share or a cost-plus markup may be up to ten times the base. */
export const MAX_METHOD_BP = 1000 * BP_PER_PERCENT;
const MAX_DISCOUNT_BP = 100 * BP_PER_PERCENT;
const MAX_MONTHS = 60;

export const METHOD_MESSAGES = {
  badMethod: (sku: string) =>
    `SKU ${sku} has a pricing method that is not LIST, PERCENT_OF_TOTAL, BLOCK or COST_PLUS.`,
  badShare: (sku: string) =>
    `SKU ${sku} has a percent-of-total share that is not a percentage from 0 to 1000 with at most 2 decimals.`,
  coversNothing: (sku: string) =>
    `SKU ${sku} is priced as a percent of total but covers nothing: name the SKUs it covers, or MODEL, FAMILY or QUOTE.`,
  coversItself: (sku: string) => `SKU ${sku} cannot cover itself.`,
  noModel: (sku: string) => `SKU ${sku} covers the lines of its model, but has no model attribute.`,
  badBounds: (sku: string) =>
    `SKU ${sku} has a floor or ceiling that is not a whole number of cents, 0 or more, with the floor at most the ceiling.`,
  noBlocks: (sku: string, currency: string) =>
    `SKU ${sku} is block priced but has no ${currency} blocks.`,
  badBlock: (sku: string, currency: string) =>
    `SKU ${sku} has a ${currency} block that is not a band of whole quantities (from 0 up, the end at or after the start) with a price in whole cents.`,
  overlappingBlocks: (sku: string, currency: string, first: string, second: string) =>
    `SKU ${sku} has ${currency} blocks ${first} and ${second} that overlap.`,
  noBlockFor: (sku: string, currency: string, quantity: number) =>
    `SKU ${sku} has no ${currency} block price for ${quantity.toLocaleString('en-US')} units.`,
  blockTypedPrice:
    'This line is block priced: its price is its quantity band’s, so a unit list price cannot be typed.',
  badMarkup: (sku: string) =>
    `SKU ${sku} has a cost-plus markup that is not a percentage from 0 to 1000 with at most 2 decimals.`,
  costPlusWithoutCost: (sku: string) =>
    `SKU ${sku} is priced at cost plus a markup, but its cost is unknown.`,
  coverCycle: (skus: readonly string[]) =>
    `SKUs ${skus.join(' and ')} are each priced as a percent of the other: one of them must be priced another way.`,
  badSchedule: (sku: string, id: string) =>
    `SKU ${sku} follows discount schedule ${id}, whose type or aggregate is not known.`,
  badScheduleTier: (id: string) =>
    `Discount schedule ${id} has a tier that is not a whole minimum quantity with a percentage from 0 to 100 (at most 2 decimals).`,
  duplicateScheduleTier: (id: string, quantity: number) =>
    `Discount schedule ${id} has more than one tier from ${quantity} units.`,
  badTermDiscount: (kind: string) =>
    `The term discount for ${kind} must start at 1 to ${MAX_MONTHS} months, once, with a percentage from 0 to 100 (at most 2 decimals).`,
  badInstalledBase: (sku: string) =>
    `The installed base of ${sku} must be a whole number of 0 or more.`,
} as const;
const M = METHOD_MESSAGES;

/** A block band, with quantities inclusive at both ends (max null: no end). */
export interface PreparedBlock {
  min: number;
  max: number | null;
  priceMinor: number;
}

export type PreparedMethod =
  | { kind: 'LIST' }
  | {
      kind: 'PERCENT_OF_TOTAL';
      bp: number;
      scope: CoverScope;
      /** scope SKU: the SKUs covered. */
      skus: ReadonlySet<string>;
      /** The kinds covered; null: every kind. */
      kinds: ReadonlySet<ProductKind> | null;
      floorMinor: number | null;
      ceilingMinor: number | null;
    }
  | { kind: 'BLOCK'; blocks: PreparedBlock[] }
  | { kind: 'COST_PLUS'; markupBp: number; unitCostMinor: number; unitMinor: number };

/** Which quantity a SKU's volume discount reads, and how. */
export interface PreparedSchedule {
  type: ScheduleType;
  /** Lines whose SKUs share this key count together. */
  key: string;
  includeInstalledBase: boolean;
  /** Lowest minimum first. */
  tiers: { minQuantity: number; bp: number }[];
}

const isWholeNumber = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

function percentWithin(text: unknown, maxBp: number): number | null {
  const parsed = parsePercentBp(text);
  return parsed.ok && parsed.value >= 0 && parsed.value <= maxBp ? parsed.value : null;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

const bandText = (block: PreparedBlock) =>
  block.max === null ? `from ${block.min}` : `${block.min}–${block.max}`;

function readBlocks(
  code: string,
  raw: unknown,
  currency: string,
  messages: string[],
): PreparedBlock[] {
  const rows = Array.isArray(raw) ? (raw as PriceBlock[]) : [];
  if (rows.length === 0) {
    messages.push(M.noBlocks(code, currency));
    return [];
  }
  const blocks: PreparedBlock[] = [];
  for (const row of rows) {
    const max: unknown = row.max_quantity;
    const isValid =
      isWholeNumber(row.min_quantity) &&
      (max === null || (isWholeNumber(max) && max >= row.min_quantity)) &&
      isWholeNumber(row.price_minor);
    if (!isValid) {
      messages.push(M.badBlock(code, currency));
      return [];
    }
    blocks.push({ min: row.min_quantity, max: row.max_quantity, priceMinor: row.price_minor });
  }
  blocks.sort((a, b) => a.min - b.min);
  for (let index = 1; index < blocks.length; index++) {
    const previous = blocks[index - 1];
    const current = blocks[index];
    if (previous && current && (previous.max === null || previous.max >= current.min)) {
      messages.push(M.overlappingBlocks(code, currency, bandText(previous), bandText(current)));
      return [];
    }
  }
  return blocks;
}

function readBound(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  return isWholeNumber(value) ? value : undefined;
}

/**
 * The SKU's pricing method. `unitCostUsdMinor` and `rateMicro` price a cost-plus SKU: its unit
 * cost in the quote currency (rounded once), then the markup on it (rounded once).
 */
export function readPricingMethod(
  code: string,
  entry: CatalogSku,
  context: { currency: string; rateMicro: number },
  messages: string[],
): PreparedMethod {
  const raw: unknown = entry.pricing_method;
  if (raw === undefined || raw === null) return { kind: 'LIST' };
  const method = raw as NonNullable<CatalogSku['pricing_method']>;
  switch (method.method) {
    case 'LIST':
      return { kind: 'LIST' };
    case 'PERCENT_OF_TOTAL': {
      const bp = percentWithin(method.percent, MAX_METHOD_BP);
      if (bp === null) messages.push(M.badShare(code));
      const covers: unknown = method.covers;
      const cover = (typeof covers === 'object' && covers !== null ? covers : {}) as {
        scope?: unknown;
        skus?: unknown;
        kinds?: unknown;
      };
      const skus = Array.isArray(cover.skus) ? (cover.skus as unknown[]) : [];
      const kinds = Array.isArray(cover.kinds) ? (cover.kinds as unknown[]) : [];
      const scope = cover.scope;
      if (
        !isOneOf(COVER_SCOPES, scope) ||
        (scope === 'SKU' && (skus.length === 0 || !skus.every((s) => typeof s === 'string'))) ||
        !kinds.every((kind) => isOneOf(PRODUCT_KINDS, kind))
      ) {
        messages.push(M.coversNothing(code));
        return { kind: 'LIST' };
      }
      if (scope === 'SKU' && skus.includes(code)) messages.push(M.coversItself(code));
      if (scope === 'MODEL' && !entry.model) messages.push(M.noModel(code));
      const floor = readBound(method.floor_minor);
      const ceiling = readBound(method.ceiling_minor);
      if (
        floor === undefined ||
        ceiling === undefined ||
        (floor !== null && ceiling !== null && floor > ceiling)
      ) {
        messages.push(M.badBounds(code));
      }
      return {
        kind: 'PERCENT_OF_TOTAL',
        bp: bp ?? 0,
        scope,
        skus: new Set(skus as string[]),
        kinds: kinds.length === 0 ? null : new Set(kinds),
        floorMinor: floor ?? null,
        ceilingMinor: ceiling ?? null,
      };
    }
    case 'BLOCK':
      return { kind: 'BLOCK', blocks: readBlocks(code, method.blocks, context.currency, messages) };
    case 'COST_PLUS': {
      // Unpriceable (the message says why) rather than priced from a price row it needs not have.
      const unpriced = { kind: 'COST_PLUS', markupBp: 0, unitCostMinor: 0, unitMinor: 0 } as const;
      const markupBp = percentWithin(method.markup_percent, MAX_METHOD_BP);
      if (markupBp === null) {
        messages.push(M.badMarkup(code));
        return unpriced;
      }
      const cost: unknown = entry.unit_cost_usd_minor;
      if (!isWholeNumber(cost)) {
        // A cost that is there but wrong is reported by validate.ts already.
        if (cost === null || cost === undefined) messages.push(M.costPlusWithoutCost(code));
        return unpriced;
      }
      const unitCostMinor = multiplyRatio(cost, context.rateMicro, MICRO_PER_UNIT);
      const unitMinor = multiplyRatio(unitCostMinor, BP_PER_WHOLE + markupBp, BP_PER_WHOLE);
      return { kind: 'COST_PLUS', markupBp, unitCostMinor, unitMinor };
    }
    default:
      messages.push(M.badMethod(code));
      return { kind: 'LIST' };
  }
}

/**
 * The schedule a SKU's volume discount follows: its shared discount schedule, else its own
 * volume tiers as a RANGE schedule of the SKU alone (today's tiers). `ownTiers` are those,
 * already read and checked by validate.ts, highest minimum first.
 */
export function readSchedule(
  code: string,
  entry: CatalogSku,
  ownTiers: readonly { minQuantity: number; bp: number }[],
  messages: string[],
): PreparedSchedule {
  const own: PreparedSchedule = {
    type: 'RANGE',
    key: `sku:${code}`,
    includeInstalledBase: false,
    tiers: [...ownTiers].sort((a, b) => a.minQuantity - b.minQuantity),
  };
  const raw: unknown = entry.discount_schedule;
  if (raw === undefined || raw === null) return own;
  const schedule = raw as NonNullable<CatalogSku['discount_schedule']>;
  const id = typeof schedule.id === 'string' ? schedule.id : '';
  const aggregate: unknown = schedule.aggregate;
  if (!isOneOf(SCHEDULE_TYPES, schedule.type) || !isOneOf(SCHEDULE_AGGREGATES, aggregate)) {
    messages.push(M.badSchedule(code, id));
    return own;
  }
  const tiers: PreparedSchedule['tiers'] = [];
  const seen = new Set<number>();
  for (const tier of Array.isArray(schedule.tiers) ? schedule.tiers : []) {
    const bp = percentWithin(tier.percent, MAX_DISCOUNT_BP);
    if (!isWholeNumber(tier.min_quantity) || bp === null) {
      messages.push(M.badScheduleTier(id));
      return own;
    }
    if (seen.has(tier.min_quantity)) {
      messages.push(M.duplicateScheduleTier(id, tier.min_quantity));
      return own;
    }
    seen.add(tier.min_quantity);
    tiers.push({ minQuantity: tier.min_quantity, bp });
  }
  const family = typeof entry.family === 'string' ? entry.family : '';
  return {
    type: schedule.type,
    key: scheduleKey(aggregate, id, code, family),
    includeInstalledBase: schedule.include_installed_base === true,
    tiers: tiers.sort((a, b) => a.minQuantity - b.minQuantity),
  };
}

const scheduleKey = (aggregate: ScheduleAggregate, id: string, code: string, family: string) =>
  aggregate === 'FAMILY' ? `family:${id}:${family}` : `schedule:${id}:${code}`;

/** This quote's term discount per product kind: the highest min_months the contract reaches. */
export function readTermDiscounts(
  input: PricingInput,
  contractLength: number,
  errors: { field: string; message: string }[],
): Map<ProductKind, number> {
  const best = new Map<ProductKind, { months: number; bp: number }>();
  const seen = new Set<string>();
  const rows: unknown = input.term_discounts;
  for (const row of Array.isArray(rows)
    ? (rows as NonNullable<PricingInput['term_discounts']>)
    : []) {
    const bp = percentWithin(row.percent, MAX_DISCOUNT_BP);
    const key = `${row.product_kind}/${row.min_months}`;
    const isValid =
      isOneOf(PRODUCT_KINDS, row.product_kind) &&
      Number.isSafeInteger(row.min_months) &&
      row.min_months >= 1 &&
      row.min_months <= MAX_MONTHS &&
      bp !== null &&
      !seen.has(key);
    if (!isValid) {
      errors.push({
        field: 'term_discounts',
        message: M.badTermDiscount(String(row.product_kind)),
      });
      continue;
    }
    seen.add(key);
    const current = best.get(row.product_kind);
    if (row.min_months <= contractLength && (!current || current.months < row.min_months)) {
      best.set(row.product_kind, { months: row.min_months, bp });
    }
  }
  return new Map([...best].map(([kind, { bp }]) => [kind, bp]));
}

/** The units of each SKU the customer holds already; a bad figure is reported, not guessed. */
export function readInstalledBase(
  input: PricingInput,
  errors: { field: string; message: string }[],
): Map<string, number> {
  const base = new Map<string, number>();
  const raw: unknown = input.installed_base;
  if (typeof raw !== 'object' || raw === null) return base;
  for (const [sku, units] of Object.entries(raw as Record<string, unknown>)) {
    if (isWholeNumber(units) && units <= 1_000_000_000) base.set(sku, units);
    else errors.push({ field: 'installed_base', message: M.badInstalledBase(sku) });
  }
  return base;
}

/**
 * Issue 35: the limits and messages of the checks of what catalogue admins set for pricing beyond
 * a price row (methods.ts), and the reading of what they type. Pure and without zod, so the admin
 * forms, the server's schemas (methods-schema.ts) and the engine's input checks can all say the
 * same words. Each problem names the field of the admin API it is about.
 */
import { parsePercentBp, parseScaledDecimal } from './decimal.ts';
import { COVER_SCOPES, PRICING_METHODS } from './methods.ts';

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

export const PERCENT_LABEL: Readonly<Record<'PERCENT_OF_TOTAL' | 'COST_PLUS', string>> = {
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

export const isWholeCents = (minor: number) =>
  Number.isSafeInteger(minor) && minor >= 0 && minor <= MAX_METHOD_MONEY_MINOR;

/** The problem of a percentage from 0 to `max` with at most 2 decimals, or null. */
export function percentTextProblem(
  text: string,
  max: number,
  messages: { notNumber: string; decimals: string; range: string },
): string | null {
  const parsed = parsePercentBp(text);
  if (!parsed.ok) return parsed.problem === 'DECIMALS' ? messages.decimals : messages.notNumber;
  return parsed.value < 0 || parsed.value > max * 100 ? messages.range : null;
}

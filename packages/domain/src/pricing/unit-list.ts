import { parseCurrency } from '../format/currency.ts';
import type { LineResult } from './model.ts';
import { MAX_ADJUSTED_UNIT_LIST_MINOR } from './pricing-limits.ts';

type UnitListPrices = Pick<LineResult, 'unit_list_price_minor' | 'adjusted_unit_list_minor'>;

/**
 * The unit list price a line is quoted at (issue 19): the one typed on the configure page when
 * there is one, else the catalogue's. What the summary and the quote document show.
 */
export function quotedUnitListMinor(line: UnitListPrices): number {
  return line.adjusted_unit_list_minor ?? line.unit_list_price_minor;
}

/** True when a typed unit list price differs from the catalogue's. */
export function isUnitListAdjusted(line: UnitListPrices): boolean {
  return (
    line.adjusted_unit_list_minor !== null &&
    line.adjusted_unit_list_minor !== line.unit_list_price_minor
  );
}

export type UnitListReading = { ok: true; minor: number } | { ok: false; message: string };

export const UNIT_LIST_TEXT_MESSAGES = {
  empty: 'Enter a unit list price, or reset it to the catalogue price.',
  format: 'Enter the unit list price as an amount such as 1234.50, with at most 2 decimals.',
  negative: 'A unit list price cannot be negative.',
  tooLarge: `A unit list price can be at most ${(MAX_ADJUSTED_UNIT_LIST_MINOR / 100).toLocaleString('en-US')}.00.`,
} as const;

/**
 * A unit list price as a quoter types it ("1250.5", "1,250.50", "$1,250.50"), read exactly into
 * minor units (every currency has 2 decimals, docs/pricing.md); the page checks with this before
 * the server does.
 */
export function readUnitListText(text: string): UnitListReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: UNIT_LIST_TEXT_MESSAGES.empty };
  const minor = parseCurrency(trimmed);
  if (minor === null) return { ok: false, message: UNIT_LIST_TEXT_MESSAGES.format };
  if (minor < 0) return { ok: false, message: UNIT_LIST_TEXT_MESSAGES.negative };
  if (minor > MAX_ADJUSTED_UNIT_LIST_MINOR) {
    return { ok: false, message: UNIT_LIST_TEXT_MESSAGES.tooLarge };
  }
  return { ok: true, minor };
}

/** Minor units as the input shows them: 125050 → "1250.50" (no symbol, no grouping). */
export function unitListText(minor: number): string {
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

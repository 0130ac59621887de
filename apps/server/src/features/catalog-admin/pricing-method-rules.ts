import {
  coveredSkus,
  findCoverCycle,
  type SkuCoverFacts,
} from '@bastion/domain/pricing/cover-checks';
import { METHOD_MESSAGES } from '@bastion/domain/pricing/method-messages';
import type { PercentOfTotalCover } from '@bastion/domain/pricing/methods';
import type { Database } from '@bastion/db/client';
import { invalidField } from './catalog-admin-errors.ts';
import { priceStatusOn } from './list-price-history.ts';
import { listPercentOfTotalRows, listSkuCoverFacts } from './pricing-methods.repository.ts';

/*
 * What a percent-of-total cover must satisfy against the catalogue (issue 35): it covers
 * something that exists, and no percent-of-total SKUs come to cover each other in a circle at
 * any moment the method runs (a line priced from lines priced from it could never be priced).
 */

/** Days [from, to): to null runs on. */
export interface DayRange {
  from: string;
  to: string | null;
}

/** Every SKU's cover facts, by code. */
export async function loadCoverFacts(db: Database): Promise<Map<string, SkuCoverFacts>> {
  const rows = await listSkuCoverFacts(db);
  return new Map(
    rows.map((row) => [
      row.sku,
      { sku: row.sku, family_id: row.familyId, kind: row.kind, model: row.model || null },
    ]),
  );
}

const listed = (codes: readonly string[]) =>
  codes.length <= 1 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}`;

/** The field a cover's problem belongs to: the SKUs named, or the kinds (or scope) chosen. */
const coverField = (cover: PercentOfTotalCover) =>
  cover.scope === 'SKU'
    ? 'covers.skus'
    : (cover.kinds ?? []).length > 0
      ? 'covers.kinds'
      : 'covers.scope';

/** What other SKUs a cover would need, in words: "of the kinds HARDWARE has the model BX-200F". */
function scopeWords(subject: SkuCoverFacts, cover: PercentOfTotalCover): string {
  const kinds = cover.kinds ?? [];
  const ofKinds =
    kinds.length === 0 ? '' : ` of the ${kinds.length === 1 ? 'kind' : 'kinds'} ${listed(kinds)}`;
  if (cover.scope === 'MODEL') return `No other SKU${ofKinds} has the model ${subject.model ?? ''}`;
  if (cover.scope === 'FAMILY')
    return `No other SKU${ofKinds} is in the family ${subject.family_id}`;
  return `No other SKU${ofKinds} is in the catalogue`;
}

/**
 * Refuses a cover that covers nothing that exists: SKUs that are not in the catalogue, a cover
 * by model on a SKU without a model, or a scope (and kinds) no other SKU falls in.
 */
export function requireCoverExists(
  subjectSku: string,
  cover: PercentOfTotalCover,
  facts: ReadonlyMap<string, SkuCoverFacts>,
): void {
  const subject = facts.get(subjectSku);
  if (!subject) return;
  if (cover.scope === 'SKU') {
    const missing = (cover.skus ?? []).filter((code) => !facts.has(code));
    if (missing.length > 0) {
      throw invalidField(
        'covers.skus',
        missing.length === 1
          ? `There is no SKU ${missing[0]}.`
          : `There are no SKUs ${listed(missing)}.`,
      );
    }
    return;
  }
  if (cover.scope === 'MODEL' && subject.model === null) {
    throw invalidField(
      'covers.scope',
      `${subject.sku} has no model attribute, so a cover by model takes in nothing: set its model on the SKU panel, or cover by family or by SKU.`,
    );
  }
  if (coveredSkus(subject, cover, facts.values()).length === 0) {
    throw invalidField(
      coverField(cover),
      `${scopeWords(subject, cover)}: ${subject.sku} would cover nothing.`,
    );
  }
}

/** The days in `range` on which some row starts or ends: where the methods in effect change. */
function changeDays(range: DayRange, rows: readonly DayRange[]): string[] {
  const inside = (day: string | null): day is string =>
    day !== null && day > range.from && (range.to === null || day < range.to);
  const days = new Set([range.from]);
  for (const row of rows) {
    if (inside(row.from)) days.add(row.from);
    if (inside(row.to)) days.add(row.to);
  }
  return [...days].sort();
}

/**
 * Refuses a cover for `subjectSku` over `range` when, on some day of it, the percent-of-total
 * SKUs in effect then and this one would cover each other in a circle. The message names the
 * SKUs, on `field`.
 */
export async function requireNoCoverCycle(
  db: Database,
  subjectSku: string,
  cover: PercentOfTotalCover,
  range: DayRange,
  field: string,
  facts?: ReadonlyMap<string, SkuCoverFacts>,
): Promise<void> {
  const others = (await listPercentOfTotalRows(db))
    .filter((row) => row.sku !== subjectSku && row.covers !== null)
    .map((row) => ({
      sku: row.sku,
      covers: row.covers,
      from: row.effectiveFrom,
      to: row.effectiveTo,
    }))
    .filter(
      (row) =>
        (range.to === null || row.from < range.to) && (row.to === null || row.to > range.from),
    );
  if (others.length === 0) return;
  const catalogue = facts ?? (await loadCoverFacts(db));
  for (const day of changeDays(range, others)) {
    const methods = new Map<string, PercentOfTotalCover>([[subjectSku, cover]]);
    for (const row of others) {
      const isInEffect =
        priceStatusOn({ effectiveFrom: row.from, effectiveTo: row.to }, day) === 'in_effect';
      if (isInEffect && row.covers) methods.set(row.sku, row.covers);
    }
    const cycle = findCoverCycle(methods, catalogue, subjectSku);
    if (cycle) throw invalidField(field, METHOD_MESSAGES.coverCycle(cycle));
  }
}

/** The checks of a cover against the catalogue, for a method running over `range`. */
export async function requireCoverHolds(
  db: Database,
  subjectSku: string,
  cover: PercentOfTotalCover,
  range: DayRange,
): Promise<void> {
  const facts = await loadCoverFacts(db);
  requireCoverExists(subjectSku, cover, facts);
  // A cycle is undone by naming other SKUs, or fewer kinds.
  const field = cover.scope === 'SKU' ? 'covers.skus' : 'covers.kinds';
  await requireNoCoverCycle(db, subjectSku, cover, range, field, facts);
}

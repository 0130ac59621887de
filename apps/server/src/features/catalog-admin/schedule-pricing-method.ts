import type { ScheduledMethodView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { conflictOn, invalidField } from './catalog-admin-errors.ts';
import { lockSku } from './sku-lookup.ts';
import { getSkuPricing } from './get-sku-pricing.ts';
import { requireCoverHolds } from './pricing-method-rules.ts';
import type { SchedulePricingMethodInput } from '@bastion/domain/pricing/methods-api';
import {
  insertMethodRow,
  listMethodRowsOf,
  lockPricingMethods,
  updateMethodRow,
} from './pricing-methods.repository.ts';
import { isoDayOf } from '../../lib/clock.ts';

export const pastMethodMessage = (today: string) =>
  `A pricing method change starts today (${today}) or later: quotes priced before keep the method of their own date.`;

export const laterMethodMessage = (laterFrom: string) =>
  `A later pricing method is already scheduled from ${laterFrom}. Cancel it first, or schedule this change from ${laterFrom} or later.`;

export const bundleMethodMessage = (sku: string) =>
  `${sku} is a bundle: it has no price of its own, so its components are priced instead. Only LIST applies.`;

/** The columns a method is stored with. */
const methodColumnsOf = (input: SchedulePricingMethodInput) => ({
  method: input.method,
  percent: input.percent,
  covers: input.covers,
  floorUsdMinor: input.floor_usd_minor,
  ceilingUsdMinor: input.ceiling_usd_minor,
});

/**
 * Schedules a SKU's pricing method from a day (today or later), as list prices are scheduled
 * (decision 010): the method in effect that day ends on it, one starting that same day is
 * replaced, and one already scheduled later refuses the change (409). A percent-of-total method
 * must cover something that exists and form no cycle with the other SKUs' methods.
 */
export async function schedulePricingMethod(
  db: Database,
  userId: string | null,
  input: SchedulePricingMethodInput,
  now: Date = new Date(),
): Promise<ScheduledMethodView & { replaced: Record<string, unknown> | null }> {
  const today = isoDayOf(now);
  const from = input.effective_from;
  if (from < today) throw invalidField('effective_from', pastMethodMessage(today));
  const replaced = await db.transaction(async (tx) => {
    // The table first, then the SKU: every method change takes its locks in this order.
    await lockPricingMethods(tx);
    const sku = await lockSku(tx, input.sku);
    if (sku.kind === 'BUNDLE' && input.method !== 'LIST') {
      throw invalidField('method', bundleMethodMessage(sku.sku));
    }
    const rows = await listMethodRowsOf(tx, sku.sku);
    const later = rows
      .filter((row) => row.effectiveFrom > from)
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0];
    if (later) throw conflictOn('effective_from', laterMethodMessage(later.effectiveFrom));
    const sameDay = rows.find((row) => row.effectiveFrom === from);
    const inEffect = rows.find(
      (row) => row.effectiveFrom < from && (row.effectiveTo === null || row.effectiveTo > from),
    );
    const to = sameDay ? sameDay.effectiveTo : (inEffect?.effectiveTo ?? null);
    if (input.method === 'PERCENT_OF_TOTAL' && input.covers) {
      await requireCoverHolds(tx, sku.sku, input.covers, { from, to });
    }
    const columns = { ...methodColumnsOf(input), createdBy: userId, createdAt: now };
    if (sameDay) {
      await updateMethodRow(tx, sameDay.id, columns);
      return {
        method: sameDay.method,
        percent: sameDay.percent,
        covers: sameDay.covers,
        floor_usd_minor: sameDay.floorUsdMinor,
        ceiling_usd_minor: sameDay.ceilingUsdMinor,
      };
    }
    if (inEffect) await updateMethodRow(tx, inEffect.id, { effectiveTo: from });
    await insertMethodRow(tx, { sku: sku.sku, ...columns, effectiveFrom: from, effectiveTo: to });
    return null;
  });
  return {
    ...(await getSkuPricing(db, input.sku, now)),
    change: { method: input.method, effective_from: from, is_replacement: replaced !== null },
    replaced,
  };
}

import type { SkuPricingView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { getSkuPricing, methodFieldsOf } from './get-sku-pricing.ts';
import { requireNoCoverCycle } from './pricing-method-rules.ts';
import {
  deleteMethodRow,
  findMethodRow,
  listMethodRowsOf,
  lockPricingMethods,
  updateMethodRow,
} from './pricing-methods.repository.ts';
import { isoDayOf } from '../../lib/clock.ts';

/**
 * Cancels a pricing method that has not started yet: the row goes, and the method before it
 * runs on as if the change had never been scheduled, unless running on would make percent-of-
 * total SKUs cover each other (409). A method in effect or past is history and stays.
 */
export async function cancelScheduledMethod(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<{
  view: SkuPricingView;
  cancelled: ReturnType<typeof methodFieldsOf> & { sku: string };
  reopenedFrom: string | null;
}> {
  const today = isoDayOf(now);
  const { row, previous } = await db.transaction(async (tx) => {
    await lockPricingMethods(tx);
    const found = await findMethodRow(tx, id);
    if (!found) {
      throw new AppError(
        'NOT_FOUND',
        'That pricing method no longer exists: it may have been cancelled.',
      );
    }
    if (found.effectiveFrom <= today) {
      throw new AppError(
        'CONFLICT',
        `This pricing method has applied since ${found.effectiveFrom}, so it is history now. Schedule a new change instead.`,
      );
    }
    const before = (await listMethodRowsOf(tx, found.sku)).find(
      (other) => other.effectiveTo === found.effectiveFrom,
    );
    if (before?.method === 'PERCENT_OF_TOTAL' && before.covers) {
      await requireNoCoverCycle(
        tx,
        found.sku,
        before.covers,
        { from: found.effectiveFrom, to: found.effectiveTo },
        'id',
      ).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(
          'CONFLICT',
          `Cancelling it would let the method before it run on, and then ${error.userMessage} Schedule another method instead.`,
          { details: [{ path: 'id', message: error.userMessage }] },
        );
      });
    }
    await deleteMethodRow(tx, found.id);
    if (before) await updateMethodRow(tx, before.id, { effectiveTo: found.effectiveTo });
    return { row: found, previous: before ?? null };
  });
  return {
    view: await getSkuPricing(db, row.sku, now),
    cancelled: { sku: row.sku, ...methodFieldsOf(row) },
    reopenedFrom: previous?.effectiveFrom ?? null,
  };
}

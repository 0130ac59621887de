import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import {
  deletePriceRow,
  findPriceRow,
  listPriceRowsOf,
  lockSkus,
  updatePriceRow,
} from './catalog-admin.repository.ts';
import { listSkuPriceHistory } from './list-price-history.ts';
import { isoDayOf } from '../../lib/clock.ts';

/**
 * Cancels a price that has not started yet: the row goes, and the price before it runs on as
 * if the change had never been scheduled. A price in effect or past is history and stays.
 */
export async function cancelScheduledPrice(db: Database, id: string, now: Date = new Date()) {
  const today = isoDayOf(now);
  const cancelled = await db.transaction(async (tx) => {
    const found = await findPriceRow(tx, id);
    if (found) await lockSkus(tx, [found.sku]);
    // Read again under the lock: a colleague may have cancelled it meanwhile.
    const row = found && (await findPriceRow(tx, id));
    if (!row) {
      throw new AppError('NOT_FOUND', 'That price no longer exists: it may have been cancelled.');
    }
    if (row.effectiveFrom <= today) {
      throw new AppError(
        'CONFLICT',
        `This price has applied since ${row.effectiveFrom}, so it is history now. Schedule a new change instead.`,
      );
    }
    const previous = (await listPriceRowsOf(tx, [row.sku])).find(
      (other) => other.currencyCode === row.currencyCode && other.effectiveTo === row.effectiveFrom,
    );
    await deletePriceRow(tx, row.id);
    if (previous) await updatePriceRow(tx, previous.id, { effectiveTo: row.effectiveTo });
    return { row, previous };
  });
  return {
    history: await listSkuPriceHistory(db, cancelled.row.sku, now),
    cancelled: cancelled.row,
    reopened: cancelled.previous ?? null,
  };
}

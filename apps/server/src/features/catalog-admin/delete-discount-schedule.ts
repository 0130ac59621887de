import type { Database } from '@bastion/db/client';
import { conflictOn } from './catalog-admin-errors.ts';
import {
  deleteSchedule,
  listScheduleAssignments,
  lockSchedule,
} from './pricing-methods.repository.ts';
import { scheduleNotFound } from './save-discount-schedule.ts';

const listed = (codes: readonly string[]) =>
  codes.length <= 3
    ? codes.join(', ')
    : `${codes.slice(0, 3).join(', ')} and ${codes.length - 3} more`;

/**
 * Deletes a discount schedule no SKU follows (a SKU's discount would change silently with it):
 * its tiers go with it.
 */
export async function deleteDiscountSchedule(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const schedule = await lockSchedule(tx, id);
    if (!schedule) throw scheduleNotFound(id);
    const skus = (await listScheduleAssignments(tx, [id])).map((a) => a.sku);
    if (skus.length > 0) {
      throw conflictOn(
        'id',
        `${skus.length === 1 ? '1 SKU follows' : `${skus.length} SKUs follow`} ${schedule.name} (${listed(skus)}): give ${skus.length === 1 ? 'it' : 'them'} another schedule, or none, first.`,
      );
    }
    await deleteSchedule(tx, id);
    return { id: schedule.id, name: schedule.name, is_deleted: true as const };
  });
}

import type { Database } from '@bastion/db/client';
import { invalidField } from './catalog-admin-errors.ts';
import { lockSku } from './sku-lookup.ts';
import type { AssignDiscountScheduleInput } from '@bastion/domain/pricing/methods-api';
import { findScheduleOf, lockSchedule, setScheduleOf } from './pricing-methods.repository.ts';

/**
 * Puts a SKU's volume discount on a discount schedule, or (null) takes it off one, so that it
 * keeps its own volume tiers. A bundle has no price of its own, so no schedule.
 */
export async function assignDiscountSchedule(db: Database, input: AssignDiscountScheduleInput) {
  return db.transaction(async (tx) => {
    const sku = await lockSku(tx, input.sku);
    if (input.schedule_id !== null) {
      if (sku.kind === 'BUNDLE') {
        throw invalidField(
          'schedule_id',
          `${sku.sku} is a bundle: it has no price of its own, so no discount schedule. Put its components on one.`,
        );
      }
      // Locked, so that it cannot be deleted under the assignment.
      const schedule = await lockSchedule(tx, input.schedule_id);
      if (!schedule) {
        throw invalidField('schedule_id', `There is no discount schedule ${input.schedule_id}.`);
      }
    }
    const before = await findScheduleOf(tx, sku.sku);
    if (before !== input.schedule_id) await setScheduleOf(tx, sku.sku, input.schedule_id);
    return { sku: sku.sku, discount_schedule_id: input.schedule_id, before };
  });
}

import type { DiscountScheduleView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { Saved } from '../../lib/post-route.ts';
import { conflictOn, isUniqueViolation } from './catalog-admin-errors.ts';
import { getDiscountSchedule } from './list-discount-schedules.ts';
import type { SaveDiscountScheduleInput } from '@bastion/domain/pricing/methods-api';
import {
  findScheduleNamed,
  insertSchedule,
  listScheduleTiers,
  lockSchedule,
  lockSchedules,
  replaceScheduleTiers,
  updateSchedule,
} from './pricing-methods.repository.ts';
import { percentView } from './get-sku-pricing.ts';

export const STALE_SCHEDULE_MESSAGE =
  'Someone saved this schedule after you opened it: reload it to see their change, then make yours again.';

export const scheduleNotFound = (id: string) =>
  new AppError('NOT_FOUND', `There is no discount schedule ${id}: it may have been deleted.`);

/**
 * Adds a discount schedule (is_new) or changes one: its name (unique in any case), type,
 * aggregate, installed-base switch and its whole list of tiers. A change names the schedule as
 * it was opened (updated_at); one saved since by someone else refuses it (409).
 */
export async function saveDiscountSchedule(
  db: Database,
  input: SaveDiscountScheduleInput,
  now: Date = new Date(),
): Promise<
  Saved<DiscountScheduleView> & { tiers_before: { min_quantity: number; percent: string }[] }
> {
  const tiersBefore = await db.transaction(async (tx) => {
    await lockSchedules(tx);
    const existing = await lockSchedule(tx, input.id);
    if (input.is_new && existing) {
      throw conflictOn(
        'id',
        `There is already a discount schedule ${existing.id} (${existing.name}). Choose another code, or open it to change it.`,
      );
    }
    if (!input.is_new && !existing) throw scheduleNotFound(input.id);
    if (
      existing &&
      input.updated_at !== null &&
      existing.updatedAt.toISOString() !== input.updated_at
    ) {
      throw new AppError('CONFLICT', STALE_SCHEDULE_MESSAGE);
    }
    const clash = await findScheduleNamed(tx, input.name, input.id);
    if (clash) {
      throw conflictOn(
        'name',
        `The discount schedule ${clash.id} is already called ${clash.name}: choose another name.`,
      );
    }
    const fields = {
      name: input.name,
      scheduleType: input.schedule_type,
      aggregate: input.aggregate,
      includeInstalledBase: input.include_installed_base,
      updatedAt: now,
    };
    const before = existing ? await listScheduleTiers(tx, [existing.id]) : [];
    try {
      if (existing) await updateSchedule(tx, existing.id, fields);
      else await insertSchedule(tx, { id: input.id, ...fields });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflictOn('id', `There is already a discount schedule ${input.id}.`);
      }
      throw error;
    }
    await replaceScheduleTiers(tx, input.id, input.tiers);
    return before.map((tier) => ({
      min_quantity: tier.minQuantity,
      percent: percentView(tier.percent) ?? '0',
    }));
  });
  const saved = await getDiscountSchedule(db, input.id);
  if (!saved) throw scheduleNotFound(input.id);
  return { ...saved, isCreated: input.is_new, tiers_before: tiersBefore };
}

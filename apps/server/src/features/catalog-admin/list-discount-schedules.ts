import type {
  DiscountSchedulesView,
  DiscountScheduleView,
} from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { percentView } from './get-sku-pricing.ts';
import {
  listScheduleAssignments,
  listSchedules,
  listScheduleTiers,
  type ScheduleRow,
} from './pricing-methods.repository.ts';

/** A schedule as answers show it: its tiers from the lowest quantity, the SKUs that follow it. */
function scheduleViewOf(
  schedule: ScheduleRow,
  tiers: readonly { minQuantity: number; percent: string }[],
  skus: readonly string[],
): DiscountScheduleView {
  return {
    id: schedule.id,
    name: schedule.name,
    schedule_type: schedule.scheduleType,
    aggregate: schedule.aggregate,
    include_installed_base: schedule.includeInstalledBase,
    tiers: tiers.map((tier) => ({
      min_quantity: tier.minQuantity,
      percent: percentView(tier.percent) ?? '0',
    })),
    skus: [...skus],
    updated_at: schedule.updatedAt.toISOString(),
  };
}

/** Every discount schedule, by name, with its tiers and the SKUs on it. */
export async function listDiscountSchedules(db: Database): Promise<DiscountSchedulesView> {
  const [schedules, tiers, assignments] = await Promise.all([
    listSchedules(db),
    listScheduleTiers(db),
    listScheduleAssignments(db),
  ]);
  return {
    schedules: schedules.map((schedule) =>
      scheduleViewOf(
        schedule,
        tiers.filter((tier) => tier.scheduleId === schedule.id),
        assignments.filter((a) => a.scheduleId === schedule.id).map((a) => a.sku),
      ),
    ),
  };
}

/** One discount schedule as the list shows it; null when there is none with this id. */
export async function getDiscountSchedule(
  db: Database,
  id: string,
): Promise<DiscountScheduleView | null> {
  const [schedules, tiers, assignments] = await Promise.all([
    listSchedules(db),
    listScheduleTiers(db, [id]),
    listScheduleAssignments(db, [id]),
  ]);
  const schedule = schedules.find((row) => row.id === id);
  return schedule
    ? scheduleViewOf(
        schedule,
        tiers,
        assignments.map((a) => a.sku),
      )
    : null;
}

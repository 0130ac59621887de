import { eq, inArray } from 'drizzle-orm';
import { APP_SETTING_NAMES } from '@bastion/domain/app-settings/catalogue';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';
import { users } from '@bastion/db/schema/users';
import { announceSessionChange } from '../../core/access/session-cache.ts';

/** The rows of the page's settings, with the e-mail address of who changed each last. */
export function findPageSettingRows(db: Database) {
  return db
    .select({
      name: appSettings.name,
      value: appSettings.value,
      updatedAt: appSettings.updatedAt,
      updatedByEmail: users.email,
    })
    .from(appSettings)
    .leftJoin(users, eq(users.id, appSettings.updatedBy))
    .where(inArray(appSettings.name, [...APP_SETTING_NAMES]));
}

export async function findSettingValue(db: Database, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, name));
  return row?.value ?? null;
}

/** Saves one setting's value, recording who and when; a missing row is created. */
export async function saveSettingValue(
  db: Database,
  change: { name: string; value: string; description: string; updatedBy: string },
  now: Date,
) {
  await db
    .insert(appSettings)
    .values({ ...change, updatedAt: now })
    .onConflictDoUpdate({
      target: appSettings.name,
      set: { value: change.value, updatedAt: now, updatedBy: change.updatedBy },
    });
  // Maintenance and the sign-in policy are part of what every session resolves to.
  await announceSessionChange(db);
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';
import { users } from '@bastion/db/schema/users';
import { announceSessionChange } from '../access/session-cache.ts';

/*
 * Writing application settings (issue 19): shared by the app-settings page and the maintenance
 * switch, so that both record who changed what and reach open sessions alike.
 */

/**
 * Writes maintenance and its message at once, so no instance reads the mode with the other's
 * message; `updatedBy` is who switched it (recorded on both rows).
 */
export async function writeMaintenanceSettings(
  db: Database,
  settings: { value: 'enable' | 'disabled'; message: string },
  now: Date,
  updatedBy: string | null = null,
) {
  await db
    .insert(appSettings)
    .values([
      { name: 'maintenance', value: settings.value, updatedAt: now, updatedBy },
      { name: 'maintenance_message', value: settings.message, updatedAt: now, updatedBy },
    ])
    .onConflictDoUpdate({
      target: appSettings.name,
      set: { value: sql`excluded.value`, updatedAt: now, updatedBy },
    });
  await announceSessionChange(db);
}

/**
 * Every enabled user's open tabs re-read their session (introspect: app settings and menus) at
 * their next poll of get-is-reload-required.
 */
export async function askEveryoneToReload(db: Database): Promise<void> {
  await db.update(users).set({ reloadRequired: true }).where(eq(users.isDisabled, false));
}

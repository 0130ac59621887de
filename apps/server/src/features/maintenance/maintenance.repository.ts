import { sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';

/** Writes both settings at once, so no instance reads the mode with the other's message. */
export async function writeMaintenanceSettings(
  db: Database,
  settings: { value: 'enable' | 'disabled'; message: string },
  now: Date,
) {
  await db
    .insert(appSettings)
    .values([
      { name: 'maintenance', value: settings.value, updatedAt: now },
      { name: 'maintenance_message', value: settings.message, updatedAt: now },
    ])
    .onConflictDoUpdate({
      target: appSettings.name,
      set: { value: sql`excluded.value`, updatedAt: now },
    });
}

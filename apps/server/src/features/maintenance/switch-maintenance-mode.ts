import type { Database } from '@bastion/db/client';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import type { Audited } from '../../lib/post-route.ts';
import {
  askEveryoneToReload,
  writeMaintenanceSettings,
} from '../../core/settings/setting-changes.repository.ts';

/**
 * Turns maintenance mode on or off (spec §4, §7). The spec spells the on value 'enable'. Other
 * instances see the change within their access-settings cache time (2 s); this one at once.
 */
export async function switchMaintenanceMode(
  db: Database,
  input: { enabled: boolean; message: string },
  now = new Date(),
  updatedBy: string | null = null,
): Promise<Audited<{ enabled: boolean; message: string }>> {
  await writeMaintenanceSettings(
    db,
    { value: input.enabled ? 'enable' : 'disabled', message: input.message },
    now,
    updatedBy,
  );
  forgetAccessSettings(db);
  // Open tabs re-read their session (app settings) at their next poll, as after any setting.
  await askEveryoneToReload(db);
  return {
    data: { enabled: input.enabled, message: input.message },
    audit: {
      action: input.enabled ? 'settings.maintenance_on' : 'settings.maintenance_off',
      entityType: 'app_setting',
      entityId: 'maintenance',
      details: { message: input.message },
    },
  };
}

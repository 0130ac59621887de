import type { Database } from '@bastion/db/client';
import { forgetAccessSettings } from '../../lib/access-settings.ts';
import type { Audited } from '../../lib/post-route.ts';
import { writeMaintenanceSettings } from './maintenance.repository.ts';

/**
 * Turns maintenance mode on or off (spec §4, §7). The spec spells the on value 'enable'. Other
 * instances see the change within their access-settings cache time (2 s); this one at once.
 */
export async function switchMaintenanceMode(
  db: Database,
  input: { enabled: boolean; message: string },
  now = new Date(),
): Promise<Audited<{ enabled: boolean; message: string }>> {
  await writeMaintenanceSettings(
    db,
    { value: input.enabled ? 'enable' : 'disabled', message: input.message },
    now,
  );
  forgetAccessSettings(db);
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

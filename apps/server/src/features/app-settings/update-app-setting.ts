import { appSettingDefinition } from '@bastion/domain/app-settings/catalogue';
import type { AppSetting, UpdateAppSettingInput } from '@bastion/domain/app-settings/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import {
  askEveryoneToReload,
  writeMaintenanceSettings,
} from '../../core/settings/setting-changes.repository.ts';
import { findSettingValue, saveSettingValue } from './app-settings.repository.ts';
import { listAppSettings } from './list-app-settings.ts';

/**
 * POST /api/admin/update-app-setting (root and IT admins): saves one setting, recording who and
 * when, and audits it with {from, to}. Every enabled user's open tabs re-read their session at
 * their next poll (reload_required), so menus and switches follow. Maintenance is written as the
 * maintenance switch writes it, keeping its message, and this instance's guard reads it at once.
 * Saving the value a setting already has changes nothing.
 */
export async function updateAppSetting(
  db: Database,
  caller: AuthContext,
  input: UpdateAppSettingInput,
  now = new Date(),
): Promise<Audited<AppSetting>> {
  const definition = appSettingDefinition(input.name);
  // The body schema admits only the catalogue's names.
  if (!definition) throw new AppError('BAD_REQUEST', `Unknown application setting ${input.name}.`);
  const before = await findSettingValue(db, input.name);
  if (before !== input.value) {
    if (input.name === 'maintenance') {
      const message = (await findSettingValue(db, 'maintenance_message')) ?? '';
      await writeMaintenanceSettings(
        db,
        { value: input.value === 'enable' ? 'enable' : 'disabled', message },
        now,
        caller.userId,
      );
      forgetAccessSettings(db);
    } else {
      await saveSettingValue(
        db,
        { ...input, description: definition.description, updatedBy: caller.userId },
        now,
      );
    }
    await askEveryoneToReload(db);
  }
  const saved = (await listAppSettings(db)).settings.find((s) => s.name === input.name);
  if (!saved) throw new AppError('INTERNAL', `The setting ${input.name} was not saved.`);
  if (before === input.value) return { data: saved, audit: null };
  return {
    data: saved,
    audit: {
      action: 'settings.app_setting_changed',
      entityType: 'app_setting',
      entityId: input.name,
      details: { from: before, to: input.value },
    },
  };
}

import {
  APP_SETTING_DEFINITIONS,
  SETTING_REGIONS,
  marginRegionsOf,
  type AppSettingDefinition,
} from '@bastion/domain/app-settings/catalogue';
import type { AppSetting, AppSettingList } from '@bastion/domain/app-settings/schemas';
import { isSettingOn } from '@bastion/domain/app-settings/switches';
import type { Database } from '@bastion/db/client';
import { findPageSettingRows } from './app-settings.repository.ts';

interface SettingRow {
  value: string;
  updatedAt: Date;
  updatedByEmail: string | null;
}

/** A setting as the page shows it; a missing row reads as off. */
export function settingView(
  definition: AppSettingDefinition,
  row: SettingRow | undefined,
): AppSetting {
  const value = row?.value ?? '';
  const regions = definition.kind === 'region_list' ? (marginRegionsOf(value) ?? []) : [];
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    kind: definition.kind,
    value,
    is_on: definition.kind === 'switch' ? isSettingOn(value) : marginRegionsOf(value) !== null,
    regions,
    effect: definition.effectOf(value),
    updated_at: (row?.updatedAt ?? new Date(0)).toISOString(),
    updated_by_email: row?.updatedByEmail ?? null,
  };
}

/** POST /api/admin/app-settings: the six settings of spec §3, in the catalogue's order. */
export async function listAppSettings(db: Database): Promise<AppSettingList> {
  const rows = await findPageSettingRows(db);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return {
    settings: APP_SETTING_DEFINITIONS.map((definition) =>
      settingView(definition, byName.get(definition.name)),
    ),
    regions: [...SETTING_REGIONS],
  };
}

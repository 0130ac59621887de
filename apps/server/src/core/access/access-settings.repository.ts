import { inArray } from 'drizzle-orm';
import type { RoleValue } from '@bastion/domain/permissions/roles';
import { parseMfaRequiredRoles } from '@bastion/domain/accounts/policy';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';
import { forgetCachedSessions } from './session-cache.ts';

/** The settings every request's access check reads (decision 021). */
export interface AccessSettings {
  isMaintenanceOn: boolean;
  maintenanceMessage: string;
  mfaRequiredRoles: RoleValue[];
}

/**
 * Read at most once per this long by each instance: every request needs them, and a change made
 * on another instance is seen within this time (the polling clients' own interval is a minute).
 */
const CACHE_MS = 2_000;

const cached = new WeakMap<Database, { at: number; settings: Promise<AccessSettings> }>();

/** The spec spells the on value 'enable'; 'enabled' is accepted too. */
export const isMaintenanceValueOn = (value: string | null | undefined) =>
  value === 'enable' || value === 'enabled';

/** The settings rows every request's access check reads. */
export const ACCESS_SETTING_NAMES = ['maintenance', 'maintenance_message', 'mfa_required_roles'];

/** The access settings from their stored values by name (absent rows take their defaults). */
export function accessSettingsFrom(values: Readonly<Record<string, string>>): AccessSettings {
  return {
    isMaintenanceOn: isMaintenanceValueOn(values.maintenance),
    maintenanceMessage: values.maintenance_message ?? '',
    mfaRequiredRoles: parseMfaRequiredRoles(values.mfa_required_roles ?? null),
  };
}

async function readAccessSettings(db: Database): Promise<AccessSettings> {
  const rows = await db
    .select({ name: appSettings.name, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.name, ACCESS_SETTING_NAMES));
  return accessSettingsFrom(Object.fromEntries(rows.map((row) => [row.name, row.value])));
}

export function accessSettings(db: Database, now = Date.now()): Promise<AccessSettings> {
  const hit = cached.get(db);
  if (hit && now - hit.at < CACHE_MS) return hit.settings;
  const settings = readAccessSettings(db);
  cached.set(db, { at: now, settings });
  // A failed read is not kept: the next request tries again.
  settings.catch(() => cached.delete(db));
  return settings;
}

/**
 * After this instance changed one of the settings: its next request reads them afresh, and so do
 * the sessions the instances in this process keep (other instances hear of it by notification).
 */
export function forgetAccessSettings(db: Database): void {
  cached.delete(db);
  forgetCachedSessions(db);
}

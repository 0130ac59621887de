import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';

export async function readAppSettings(db: Database): Promise<Record<string, string>> {
  const rows = await db
    .select({ name: appSettings.name, value: appSettings.value })
    .from(appSettings);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function readAppSetting(db: Database, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, name));
  return row?.value ?? null;
}

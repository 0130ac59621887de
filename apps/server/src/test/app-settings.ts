import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '@bastion/db/client';
import { appSettings } from '@bastion/db/schema/navigation';
import { readAppSetting } from '../core/settings/app-settings.repository.ts';
import type { TestContext } from './test-app.ts';

/*
 * The worker's test files share one database: a test that switches an app setting reads it first
 * and puts it back as it was (or takes it away again if it was not stored).
 */

/** Stores the setting's value, adding the setting if it is not stored yet. */
export async function writeAppSetting(db: Database, name: string, value: string) {
  await db
    .insert(appSettings)
    .values({ name, value })
    .onConflictDoUpdate({ target: appSettings.name, set: { value } });
}

/** Puts back the value read before (core's readAppSetting): the value, or no setting at all. */
export async function restoreAppSetting(db: Database, name: string, before: string | null) {
  if (before === null) await db.delete(appSettings).where(eq(appSettings.name, name));
  else await writeAppSetting(db, name, before);
}

/** Runs `body` with the setting at `value`, then puts the setting back as it was. */
export async function withAppSetting<T>(
  db: Database,
  name: string,
  value: string,
  body: () => Promise<T>,
): Promise<T> {
  const before = await readAppSetting(db, name);
  await writeAppSetting(db, name, value);
  try {
    return await body();
  } finally {
    await restoreAppSetting(db, name, before);
  }
}

/**
 * Each of the file's tests starts with the setting at `value`; after the file, the setting is put
 * back as it was. The database is the file's (`ctx`, filled in by its beforeAll).
 */
export function useAppSetting(ctx: Pick<TestContext, 'db'>, name: string, value: string) {
  let before: string | null = null;
  beforeAll(async () => {
    before = await readAppSetting(ctx.db, name);
  });
  beforeEach(() => writeAppSetting(ctx.db, name, value));
  afterAll(() => restoreAppSetting(ctx.db, name, before));
}

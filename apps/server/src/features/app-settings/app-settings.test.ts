import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SETTING_MESSAGES, APP_SETTING_NAMES } from '@bastion/domain/app-settings/catalogue';
import type { AppSetting, AppSettingList } from '@bastion/domain/app-settings/schemas';
import { appSettings } from '@bastion/db/schema/navigation';
import { users as usersTable } from '@bastion/db/schema/users';
import { PERMISSION_REQUIRED_MESSAGE } from '../../lib/access.ts';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { readAppSettings } from '../../core/settings/app-settings.repository.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { auditEntriesOf } from '../../test/audit.ts';
import { createUser } from '../../test/test-app.ts';
import { useTestBed } from '../../test/test-bed.ts';

const { ctx, cookies, users } = useTestBed({
  root: 'ROOT_ADMIN',
  it: 'IT_ADMIN',
  renewals: 'RENEWAL_USER',
  userAdmin: 'USER_ADMIN',
  seller: 'SALES_USER',
});
type Who = keyof typeof cookies;

// The worker's other files share the database: put back every setting this file changes.
const original = openOriginal();
function openOriginal() {
  const saved: Record<string, typeof appSettings.$inferSelect> = {};
  return {
    async remember() {
      const rows = await ctx.db.select().from(appSettings);
      for (const row of rows) saved[row.name] = row;
    },
    async restore() {
      for (const name of APP_SETTING_NAMES) {
        const row = saved[name];
        if (row) await ctx.db.update(appSettings).set(row).where(eq(appSettings.name, name));
      }
      const message = saved.maintenance_message;
      if (message) {
        await ctx.db
          .update(appSettings)
          .set(message)
          .where(eq(appSettings.name, 'maintenance_message'));
      }
      forgetAccessSettings(ctx.db);
    },
  };
}
beforeAll(() => original.remember());
afterAll(() => original.restore());

const post = (who: Who, url: string, payload: unknown = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookies[who] },
    payload: payload as object,
  });
const list = async (who: Who = 'root') =>
  dataOfSuccess<AppSettingList>(await post(who, '/api/admin/app-settings'));
const update = (who: Who, name: string, value: string) =>
  post(who, '/api/admin/update-app-setting', { name, value });
const introspect = async (who: Who) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/security/introspect',
    headers: { cookie: cookies[who] },
  });
  return dataOfSuccess<{ app_settings: Record<string, string>; menus: { code: string }[] }>(
    response,
  );
};
const reloadRequiredOf = async (userId: string) => {
  const [row] = await ctx.db
    .select({ reloadRequired: usersTable.reloadRequired })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  return row?.reloadRequired;
};
const clearReloadRequired = () => ctx.db.update(usersTable).set({ reloadRequired: false });

describe('POST /api/admin/app-settings', () => {
  it('lists the six settings with their descriptions, values and effects', async () => {
    const { settings, regions } = await list('it');
    expect(settings.map((s) => s.name)).toEqual([...APP_SETTING_NAMES]);
    for (const setting of settings) {
      expect(setting.label, setting.name).not.toBe('');
      expect(setting.description, setting.name).not.toBe('');
      expect(setting.effect, setting.name).not.toBe('');
    }
    expect(settings.find((s) => s.name === 'margin_calc_controlled_introduction')?.kind).toBe(
      'region_list',
    );
    expect(regions).toEqual(['EMEA', 'North America', 'Americas', 'LATAM', 'APJ']);
  });

  it.each(['renewals', 'userAdmin', 'seller'] as const)('refuses a %s', async (who) => {
    const response = await post(who, '/api/admin/app-settings');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PERMISSION_REQUIRED_MESSAGE);
  });
});

describe('POST /api/admin/update-app-setting', () => {
  it('switches renewals off: recorded, audited, sessions reload and the menu goes', async () => {
    dataOfSuccess(await update('root', 'cpq_renewals_trueups', 'enable'));
    expect((await introspect('renewals')).menus.map((m) => m.code)).toContain('RENEWALS');
    await clearReloadRequired();
    const disabledUser = await createUser(ctx.db, { isDisabled: true });

    const changed = dataOfSuccess<AppSetting>(
      await update('it', 'cpq_renewals_trueups', 'disabled'),
    );
    expect(changed).toMatchObject({
      name: 'cpq_renewals_trueups',
      value: 'disabled',
      is_on: false,
      effect: 'The Renewals & True-ups menu is hidden from everybody.',
      updated_by_email: users.it.email,
    });
    expect(Date.now() - Date.parse(changed.updated_at)).toBeLessThan(60_000);

    const entries = await auditEntriesOf(
      ctx.db,
      'cpq_renewals_trueups',
      'settings.app_setting_changed',
    );
    expect(entries.at(-1)).toMatchObject({
      actorUserId: users.it.id,
      entityType: 'app_setting',
      details: { from: 'enable', to: 'disabled' },
    });

    // Every enabled user's open tabs re-read the session at their next poll.
    expect(await reloadRequiredOf(users.renewals.id)).toBe(true);
    expect(await reloadRequiredOf(users.seller.id)).toBe(true);
    expect(await reloadRequiredOf(disabledUser.id)).toBe(false);
    const poll = dataOfSuccess<{ reload_required: boolean }>(
      await post('renewals', '/api/dx/get-is-reload-required'),
    );
    expect(poll.reload_required).toBe(true);

    const session = await introspect('renewals');
    expect(session.app_settings.cpq_renewals_trueups).toBe('disabled');
    expect(session.menus.map((m) => m.code)).not.toContain('RENEWALS');

    // The page shows who changed it last.
    const listed = (await list()).settings.find((s) => s.name === 'cpq_renewals_trueups');
    expect(listed?.updated_by_email).toBe(users.it.email);

    dataOfSuccess(await update('root', 'cpq_renewals_trueups', 'enabled'));
    expect((await introspect('renewals')).menus.map((m) => m.code)).toContain('RENEWALS');
    expect((await readAppSettings(ctx.db)).cpq_renewals_trueups).toBe('enable');
  });

  it('saves a region list canonical, and turns it off', async () => {
    const saved = dataOfSuccess<AppSetting>(
      await update('root', 'margin_calc_controlled_introduction', 'apj, NA,emea'),
    );
    expect(saved).toMatchObject({
      value: 'EMEA,North America,APJ',
      is_on: true,
      regions: ['EMEA', 'North America', 'APJ'],
      effect: 'Margin is shown only on quotes of EMEA, North America, APJ.',
    });
    const off = dataOfSuccess<AppSetting>(
      await update('root', 'margin_calc_controlled_introduction', 'disabled'),
    );
    expect(off).toMatchObject({ value: 'disabled', is_on: false, regions: [] });
  });

  it('switches maintenance as the maintenance switch does, keeping its message', async () => {
    dataOfSuccess(
      await post('root', '/api/security/maintenance_mode', {
        enabled: false,
        message: 'Back at noon.',
      }),
    );
    // The maintenance switch records who used it, as this page does.
    const switched = (await list()).settings.find((s) => s.name === 'maintenance');
    expect(switched?.updated_by_email).toBe(users.root.email);
    await clearReloadRequired();
    try {
      dataOfSuccess(await update('it', 'maintenance', 'enable'));
      expect(await reloadRequiredOf(users.seller.id)).toBe(true);
      const held = await post('seller', '/api/dx/delegations');
      expect(held.statusCode).toBe(503);
      expect(held.json().message).toBe('Back at noon.');
      // Those who switch it keep working, on this page too.
      expect((await list('it')).settings.find((s) => s.name === 'maintenance')?.is_on).toBe(true);
    } finally {
      dataOfSuccess(await update('root', 'maintenance', 'disabled'));
    }
    expect((await post('seller', '/api/dx/delegations')).statusCode).toBe(200);
    expect((await readAppSettings(ctx.db)).maintenance_message).toBe('Back at noon.');
    const entries = await auditEntriesOf(ctx.db, 'maintenance', 'settings.app_setting_changed');
    expect(entries.filter((e) => e.actorUserId === users.it.id).at(-1)?.details).toEqual({
      from: 'disabled',
      to: 'enable',
    });
  });

  it('records nothing when the value is unchanged', async () => {
    const changes = () =>
      auditEntriesOf(ctx.db, 'remove_ela_healthcare', 'settings.app_setting_changed');
    const before = await changes();
    const current = (await list()).settings.find((s) => s.name === 'remove_ela_healthcare');
    const saveAsItIs = async () =>
      dataOfSuccess(
        await update('root', 'remove_ela_healthcare', current?.is_on ? 'enable' : 'disabled'),
      );
    await saveAsItIs();
    const after = await changes();
    // A value another file saved differently ('enabled') is normalised once; then nothing.
    expect(after.length - before.length).toBeLessThanOrEqual(1);
    await saveAsItIs();
    const again = await changes();
    expect(again).toHaveLength(after.length);
  });

  it.each([
    ['mfa_required_roles', 'enable', APP_SETTING_MESSAGES.unknownName],
    ['maintenance', 'yes', "Maintenance mode is switched on ('enable') or off ('disabled')."],
    ['margin_calc_controlled_introduction', '', APP_SETTING_MESSAGES.noRegion],
    [
      'margin_calc_controlled_introduction',
      'EMEA,Atlantis',
      'Unknown region: Atlantis. Choose from EMEA, North America, Americas, LATAM, APJ.',
    ],
  ])('refuses %s = %j with a message, and changes nothing', async (name, value, message) => {
    const before = await readAppSettings(ctx.db);
    const response = await update('root', name, value);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(response.body).not.toContain('    at ');
    expect(await readAppSettings(ctx.db)).toEqual(before);
  });

  it.each(['renewals', 'userAdmin', 'seller'] as const)(
    'refuses a %s, and changes nothing',
    async (who) => {
      const before = await readAppSettings(ctx.db);
      const response = await update(who, 'cpq_renewals_trueups', 'disabled');
      expect(response.statusCode).toBe(403);
      expect(await readAppSettings(ctx.db)).toEqual(before);
    },
  );
});

import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE, PERMISSION_REQUIRED_MESSAGE } from '../../lib/access.ts';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { auditEntriesOf } from '../../test/audit.ts';
import { createUser, signedIn } from '../../test/test-app.ts';
import { useTestBed } from '../../test/test-bed.ts';
import { writeMaintenanceSettings } from './maintenance.repository.ts';

const { ctx, cookies, users } = useTestBed({
  root: 'ROOT_ADMIN',
  it: 'IT_ADMIN',
  userAdmin: 'USER_ADMIN',
  catalogAdmin: 'CATALOG_ADMIN',
  seller: 'SALES_USER',
});
type Who = keyof typeof cookies;

// The test database serves the worker's other files: never leave it in maintenance.
afterAll(async () => {
  await writeMaintenanceSettings(ctx.db, { value: 'disabled', message: '' }, new Date());
  forgetAccessSettings(ctx.db);
});

const call = (who: Who, method: 'GET' | 'POST', url: string, payload: unknown = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: cookies[who] },
    ...(method === 'POST' ? { payload: payload as object } : {}),
  });

const switchMode = (who: Who, payload: unknown) =>
  call(who, 'POST', '/api/security/maintenance_mode', payload);

/** An ordinary call nobody held by maintenance may make. */
const ordinaryCall = (who: Who) => call(who, 'POST', '/api/dx/delegations');

describe('POST /api/security/maintenance_mode', () => {
  it('holds everyone but root and IT admins, with the message, until it is off', async () => {
    expect(
      dataOfSuccess(await switchMode('root', { enabled: true, message: '  Back at 14:00 UTC.  ' })),
    ).toEqual({ enabled: true, message: 'Back at 14:00 UTC.' });
    expect(await readAppSetting(ctx.db, 'maintenance')).toBe('enable');

    for (const who of ['seller', 'userAdmin', 'catalogAdmin'] as const) {
      const held = await ordinaryCall(who);
      expect(held.statusCode, who).toBe(503);
      expect(held.json()).toEqual(
        expect.objectContaining({ error: 'MAINTENANCE', message: 'Back at 14:00 UTC.' }),
      );
    }
    for (const who of ['root', 'it'] as const) {
      expect((await ordinaryCall(who)).statusCode, who).toBe(200);
    }

    // The held user's client still reads its session and the polled flags, message included.
    expect((await call('seller', 'GET', '/api/security/introspect')).statusCode).toBe(200);
    const setting = (name: string) => call('seller', 'POST', '/api/dx/get-setting-value', { name });
    expect(dataOfSuccess(await setting('maintenance'))).toEqual({
      name: 'maintenance',
      value: 'enable',
    });
    expect(dataOfSuccess(await setting('maintenance_message'))).toEqual({
      name: 'maintenance_message',
      value: 'Back at 14:00 UTC.',
    });
    expect((await call('seller', 'POST', '/api/dx/get-is-disabled')).statusCode).toBe(200);

    expect(dataOfSuccess(await switchMode('it', { enabled: false }))).toEqual({
      enabled: false,
      message: '',
    });
    expect(await readAppSetting(ctx.db, 'maintenance')).toBe('disabled');
    expect((await ordinaryCall('seller')).statusCode).toBe(200);

    // Other files of this worker switch it too (the fuzzer, the matrix): read this test's own.
    const ons = await auditEntriesOf(ctx.db, 'maintenance', 'settings.maintenance_on');
    expect(ons.filter((entry) => entry.actorUserId === users.root.id)).toMatchObject([
      { details: { message: 'Back at 14:00 UTC.' } },
    ]);
    const offs = await auditEntriesOf(ctx.db, 'maintenance', 'settings.maintenance_off');
    expect(offs.filter((entry) => entry.actorUserId === users.it.id)).toHaveLength(1);
  });

  it('shows the standard message when the admin gave none', async () => {
    dataOfSuccess(await switchMode('root', { enabled: true }));
    try {
      const held = await ordinaryCall('seller');
      expect(held.statusCode).toBe(503);
      expect(held.json().message).toBe(DEFAULT_MAINTENANCE_MESSAGE);
    } finally {
      dataOfSuccess(await switchMode('root', { enabled: false }));
    }
  });

  it.each(['seller', 'userAdmin', 'catalogAdmin'] as const)(
    'refuses a %s, and changes nothing',
    async (who) => {
      const response = await switchMode(who, { enabled: true, message: 'Not yours to say.' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PERMISSION_REQUIRED_MESSAGE);
      expect(await readAppSetting(ctx.db, 'maintenance')).toBe('disabled');
      expect((await ordinaryCall('seller')).statusCode).toBe(200);
    },
  );

  it('refuses a message over 500 characters and a missing switch', async () => {
    const long = await switchMode('root', { enabled: true, message: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('The maintenance message is at most 500 characters.');
    const missing = await switchMode('root', { message: 'Soon back.' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(
      'Say whether maintenance mode is on (enabled: true or false).',
    );
    expect(await readAppSetting(ctx.db, 'maintenance')).toBe('disabled');
    // 500 characters, after trimming, are fine.
    const longest = ` ${'y'.repeat(500)} `;
    expect(dataOfSuccess(await switchMode('root', { enabled: false, message: longest }))).toEqual({
      enabled: false,
      message: 'y'.repeat(500),
    });
  });

  it('lets an administrator who is acting as a held user keep working as them', async () => {
    const admin = await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    const seller = await createUser(ctx.db, { roles: [{ role: 'SALES_USER' }] });
    const adminCookie = await signedIn(ctx.app, admin);
    const impersonate = (cookie: string, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/security/impersonate',
        headers: { cookie },
        payload: payload as object,
      });
    dataOfSuccess(await impersonate(adminCookie, { email: seller.email }));
    dataOfSuccess(await switchMode('root', { enabled: true, message: 'Upgrading.' }));
    try {
      const asSeller = await ctx.app.inject({
        method: 'POST',
        url: '/api/dx/delegations',
        headers: { cookie: adminCookie },
        payload: {},
      });
      expect(asSeller.statusCode).toBe(200);
      // A user admin is held: they may not start acting as someone to get round it.
      const held = await impersonate(cookies.userAdmin, { email: seller.email });
      expect(held.statusCode).toBe(503);
      expect(held.json().message).toBe('Upgrading.');
      // The impersonating admin can always return.
      dataOfSuccess(await impersonate(adminCookie, { stop: true }));
    } finally {
      dataOfSuccess(await switchMode('root', { enabled: false }));
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSettings } from '@bastion/db/schema/navigation';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { users } from '@bastion/db/schema/users';
import { createUser, signedIn } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';

const ctx = useTestApp();

const call = (name: string, cookie: string, payload: unknown = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/dx/${name}`,
    headers: { cookie },
    payload: payload as object,
  });

/** A fresh user, signed in, and a way to set the flags on their row. */
async function userWithFlags() {
  const user = await createUser(ctx.db);
  const cookie = await signedIn(ctx.app, user);
  const setFlags = (flags: { reloadRequired?: boolean; isDisabled?: boolean }) =>
    ctx.db.update(users).set(flags).where(eq(users.id, user.id));
  return { cookie, setFlags };
}

describe('session flags', () => {
  it('reads a setting by name, and says which one is unknown', async () => {
    const cookie = await signedIn(ctx.app, await createUser(ctx.db));
    const maintenance = await call('get-setting-value', cookie, { name: 'maintenance' });
    expect(maintenance.json()).toEqual({
      code: 200,
      data: { name: 'maintenance', value: 'disabled' },
    });
    const unknown = await call('get-setting-value', cookie, { name: 'no_such_setting' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no setting named "no_such_setting".');
    const missing = await call('get-setting-value', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid request. name: Say which setting to read.');
  });

  it('reports maintenance mode once an admin switches it on', async () => {
    const cookie = await signedIn(ctx.app, await createUser(ctx.db));
    await ctx.db
      .update(appSettings)
      .set({ value: 'enable' })
      .where(eq(appSettings.name, 'maintenance'));
    try {
      const response = await call('get-setting-value', cookie, { name: 'maintenance' });
      expect(response.json().data.value).toBe('enable');
    } finally {
      await ctx.db
        .update(appSettings)
        .set({ value: 'disabled' })
        .where(eq(appSettings.name, 'maintenance'));
      // The access check's cached copy must not hold later files' callers for 2 seconds.
      forgetAccessSettings(ctx.db);
    }
  });

  it('tells the client to reload until it has, then resets', async () => {
    const { cookie, setFlags } = await userWithFlags();
    expect((await call('get-is-reload-required', cookie)).json()).toEqual({
      code: 200,
      data: { reload_required: false },
    });
    await setFlags({ reloadRequired: true });
    expect((await call('get-is-reload-required', cookie)).json().data.reload_required).toBe(true);
    expect((await call('reset-user-reload', cookie)).json()).toEqual({
      code: 200,
      data: { reload_required: false },
    });
    expect((await call('get-is-reload-required', cookie)).json().data.reload_required).toBe(false);
  });

  it('lets a disabled user learn that they are disabled, and nothing else', async () => {
    const { cookie, setFlags } = await userWithFlags();
    expect((await call('get-is-disabled', cookie)).json()).toEqual({
      code: 200,
      data: { is_disabled: false },
    });
    await setFlags({ isDisabled: true });
    expect((await call('get-is-disabled', cookie)).json()).toEqual({
      code: 200,
      data: { is_disabled: true },
    });
    expect((await call('get-is-reload-required', cookie)).statusCode).toBe(403);
  });

  it.each(['get-setting-value', 'get-is-reload-required', 'reset-user-reload', 'get-is-disabled'])(
    '%s needs a session',
    async (name) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/dx/${name}`,
        payload: { name: 'maintenance' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(403);
    },
  );

  it('refuses unexpected fields in a call that takes none', async () => {
    const cookie = await signedIn(ctx.app, await createUser(ctx.db));
    const response = await call('get-is-disabled', cookie, { surprise: true });
    expect(response.statusCode).toBe(400);
  });
});

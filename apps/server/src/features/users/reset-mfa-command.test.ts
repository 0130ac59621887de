import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mfaRecoveryCodes, userMfa } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { auditEntriesOf } from '../../test/audit.ts';
import { createUser, signedIn } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { resetMfaFromCommandLine } from './reset-mfa-command.ts';

const ctx = useTestApp();

describe('npm run user:reset-mfa', () => {
  it('turns a locked-out administrator’s second factor off and ends their sessions', async () => {
    const admin = await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    await signedIn(ctx.app, admin);
    await ctx.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, admin.id));
    await ctx.db
      .insert(userMfa)
      .values({ userId: admin.id, secret: 'encrypted', enabledAt: new Date() });
    await ctx.db.insert(mfaRecoveryCodes).values({ userId: admin.id, codeHash: `h-${admin.id}` });

    const result = await resetMfaFromCommandLine(ctx.db, [admin.email.toUpperCase()]);
    expect(result).toEqual({
      exitCode: 0,
      lines: [
        `Turned two-step sign-in off for ${admin.email}: its secret and recovery codes are deleted.`,
        `Ended 1 session of ${admin.email}.`,
        'They sign in with their password now; if the sign-in policy requires a second factor of their roles, they set up a new one right after.',
      ],
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.mfaEnabled).toBe(false);
    expect(await ctx.db.select().from(userMfa).where(eq(userMfa.userId, admin.id))).toEqual([]);
    expect(
      await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id)),
    ).toEqual([]);
    const [entry] = await auditEntriesOf(ctx.db, admin.id, 'user.mfa_reset');
    expect(entry).toMatchObject({ actorUserId: null, entityType: 'user' });
    expect(entry?.details).toMatchObject({ before: { mfa_enabled: true }, via: 'command line' });
    // With the password alone again.
    await signedIn(ctx.app, admin);
  });

  it('exits non-zero, changing nothing, for an unknown or malformed address', async () => {
    expect(await resetMfaFromCommandLine(ctx.db, ['nobody@example.com'])).toEqual({
      exitCode: 1,
      lines: ['There is no user with the e-mail address nobody@example.com. Nothing was changed.'],
    });
    expect((await resetMfaFromCommandLine(ctx.db, ['not-an-address'])).exitCode).toBe(2);
    const usage = await resetMfaFromCommandLine(ctx.db, []);
    expect(usage).toEqual({
      exitCode: 2,
      lines: ['Usage: npm run user:reset-mfa -- <e-mail address>'],
    });
  });
});

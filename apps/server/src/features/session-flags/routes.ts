import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { users } from '@bastion/db/schema/users';
import { currentUser, signedInAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../lib/app-settings.ts';
import { ok, zEmptyBody, zEnvelope } from '../../lib/envelope.ts';

const ZSettingBody = z.object({
  name: z
    .string({ error: 'Say which setting to read.' })
    .trim()
    .min(1, 'Say which setting to read.')
    .max(100, 'The setting name is too long.'),
});

async function readUserFlags(db: Database, userId: string) {
  const [row] = await db
    .select({ reloadRequired: users.reloadRequired, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { reloadRequired: false, isDisabled: true };
}

/** The server-driven session flags the client polls (spec §4, §7 named dx calls). */
export function registerSessionFlagRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/get-setting-value',
    {
      config: { access: signedInAccess },
      schema: {
        body: ZSettingBody,
        response: { 200: zEnvelope(z.object({ name: z.string(), value: z.string() })) },
      },
    },
    async (request) => {
      const value = await readAppSetting(db, request.body.name);
      if (value === null) {
        throw new AppError('NOT_FOUND', `There is no setting named "${request.body.name}".`);
      }
      return ok({ name: request.body.name, value });
    },
  );

  r.post(
    '/api/dx/get-is-reload-required',
    {
      config: { access: signedInAccess },
      schema: {
        body: zEmptyBody,
        response: { 200: zEnvelope(z.object({ reload_required: z.boolean() })) },
      },
    },
    async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return ok({ reload_required: flags.reloadRequired });
    },
  );

  r.post(
    '/api/dx/reset-user-reload',
    {
      config: { access: signedInAccess },
      schema: {
        body: zEmptyBody,
        response: { 200: zEnvelope(z.object({ reload_required: z.literal(false) })) },
      },
    },
    async (request) => {
      await db
        .update(users)
        .set({ reloadRequired: false })
        .where(eq(users.id, currentUser(request).userId));
      return ok({ reload_required: false as const });
    },
  );

  r.post(
    '/api/dx/get-is-disabled',
    {
      config: { access: { kind: 'session', allowDisabled: true } },
      schema: {
        body: zEmptyBody,
        response: { 200: zEnvelope(z.object({ is_disabled: z.boolean() })) },
      },
    },
    async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return ok({ is_disabled: flags.isDisabled });
    },
  );
}

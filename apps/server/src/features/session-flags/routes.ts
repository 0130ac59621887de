import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@bastion/db/client';
import { currentUser, type RouteAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { zEnvelope } from '../../lib/envelope.ts';
import { postRoute } from '../../lib/post-route.ts';
import { clearUserReload, readUserFlags } from './session-flags.repository.ts';

const ZSettingBody = z.object({
  name: z
    .string({ error: 'Say which setting to read.' })
    .trim()
    .min(1, 'Say which setting to read.')
    .max(100, 'The setting name is too long.'),
});

/** The polls go on during enrolment and maintenance: they are how the client learns of both. */
const pollAccess = {
  kind: 'session',
  duringMfaEnrolment: true,
  duringMaintenance: true,
} as const satisfies RouteAccess;

/** The server-driven session flags the client polls (spec §4, §7 named dx calls). */
export function registerSessionFlagRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/get-setting-value',
    access: pollAccess,
    body: ZSettingBody,
    response: zEnvelope(z.object({ name: z.string(), value: z.string() })),
    handler: async (request) => {
      const value = await readAppSetting(db, request.body.name);
      if (value === null) {
        throw new AppError('NOT_FOUND', `There is no setting named "${request.body.name}".`);
      }
      return { name: request.body.name, value };
    },
  });

  postRoute(app, {
    path: '/api/dx/get-is-reload-required',
    access: pollAccess,
    response: zEnvelope(z.object({ reload_required: z.boolean() })),
    handler: async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return { reload_required: flags.reloadRequired };
    },
  });

  postRoute(app, {
    path: '/api/dx/reset-user-reload',
    access: pollAccess,
    response: zEnvelope(z.object({ reload_required: z.literal(false) })),
    handler: async (request) => {
      await clearUserReload(db, currentUser(request).userId);
      return { reload_required: false as const };
    },
  });

  postRoute(app, {
    path: '/api/dx/get-is-disabled',
    access: { ...pollAccess, allowDisabled: true },
    response: zEnvelope(z.object({ is_disabled: z.boolean() })),
    handler: async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return { is_disabled: flags.isDisabled };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser, type RouteAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import {
  ZIsDisabledResponse,
  ZReloadRequiredResponse,
  ZReloadResetResponse,
  ZSettingBody,
  ZSettingValueResponse,
} from '@bastion/domain/auth/session-flags-api';
import { postRoute } from '../../lib/post-route.ts';
import { clearUserReload, readUserFlags } from './session-flags.repository.ts';

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
    response: ZSettingValueResponse,
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
    response: ZReloadRequiredResponse,
    handler: async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return { reload_required: flags.reloadRequired };
    },
  });

  postRoute(app, {
    path: '/api/dx/reset-user-reload',
    access: pollAccess,
    response: ZReloadResetResponse,
    handler: async (request) => {
      await clearUserReload(db, currentUser(request).userId);
      return { reload_required: false as const };
    },
  });

  postRoute(app, {
    path: '/api/dx/get-is-disabled',
    access: { ...pollAccess, allowDisabled: true },
    response: ZIsDisabledResponse,
    handler: async (request) => {
      const flags = await readUserFlags(db, currentUser(request).userId);
      return { is_disabled: flags.isDisabled };
    },
  });
}

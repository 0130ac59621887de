import type { FastifyInstance } from 'fastify';
import {
  ZAppSettingListResponse,
  ZAppSettingResponse,
  ZUpdateAppSettingBody,
} from '@bastion/domain/app-settings/schemas';
import type { Database } from '@bastion/db/client';
import { currentUser, type RouteAccess } from '../../lib/access.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
import { listAppSettings } from './list-app-settings.ts';
import { updateAppSetting } from './update-app-setting.ts';

/**
 * Root and IT admins, by their own roles (the flags ignore delegated ones). Like the maintenance
 * switch, open during maintenance: they are the ones who switch it off.
 */
const managesAppSettings: RouteAccess = {
  kind: 'session',
  permission: {
    name: 'root or IT admin',
    check: (f) => f.is_root_admin || f.is_it_admin,
  },
  duringMaintenance: true,
};

/** The application settings page (issue 19): the six settings of spec §3. */
export function registerAppSettingRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/admin/app-settings',
    access: managesAppSettings,
    response: ZAppSettingListResponse,
    handler: () => listAppSettings(db),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/update-app-setting',
    access: managesAppSettings,
    body: ZUpdateAppSettingBody,
    response: ZAppSettingResponse,
    handler: (request) => updateAppSetting(db, currentUser(request), request.body),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser, type RouteAccess } from '../../lib/access.ts';
import { auditedPostRoute } from '../../lib/post-route.ts';
import {
  ZMaintenanceModeBody,
  ZMaintenanceModeResponse,
} from '@bastion/domain/accounts/maintenance-api';
import { switchMaintenanceMode } from './switch-maintenance-mode.ts';

/**
 * Root and IT admins, as the domain's canSwitchMaintenance says (own roles: the flags ignore
 * delegated ones). They are never held by maintenance; the flag says so for the guard's sake.
 */
const switchesMaintenance: RouteAccess = {
  kind: 'session',
  permission: {
    name: 'root or IT admin',
    check: (f) => f.is_root_admin || f.is_it_admin,
  },
  duringMaintenance: true,
};

/** Maintenance mode (issue 16, decision 021). */
export function registerMaintenanceRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  auditedPostRoute(app, db, {
    path: '/api/security/maintenance_mode',
    access: switchesMaintenance,
    body: ZMaintenanceModeBody,
    response: ZMaintenanceModeResponse,
    handler: (request) =>
      switchMaintenanceMode(db, request.body, new Date(), currentUser(request).userId),
  });
}

import type { FastifyInstance } from 'fastify';
import {
  ZBroadcastCountResponse,
  ZBroadcastIdBody,
  ZBroadcastListBody,
  ZBroadcastListResponse,
  ZBroadcastResponse,
  ZDeletedBroadcastResponse,
  ZMyBroadcastResponse,
  ZMyBroadcastsResponse,
  ZSaveBroadcastBody,
} from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission, signedInAccess } from '../../lib/access.ts';
import { changedRecordRoute, postRoute, recordSaveRoute } from '../../lib/post-route.ts';
import { countMyUnreadBroadcasts } from './count-my-unread-broadcasts.ts';
import { deleteBroadcastById } from './delete-broadcast.ts';
import { dismissBroadcast } from './dismiss-broadcast.ts';
import { endBroadcastNow } from './end-broadcast.ts';
import { getBroadcast } from './get-broadcast.ts';
import { listBroadcastsForAdmin } from './list-broadcasts.ts';
import { listMyBroadcasts } from './list-my-broadcasts.ts';
import { markBroadcastRead } from './mark-broadcast-read.ts';
import { saveBroadcast } from './save-broadcast.ts';

/** Who writes broadcasts (issue 19): root, IT and deal-desk administrators. */
export const managesBroadcasts = requirePermission(
  'root admin, IT admin or deal desk admin',
  (f) => f.is_root_admin || f.is_it_admin || f.is_deal_desk_admin,
);

const AUDITED_FIELDS = ['title', 'severity', 'audience_label', 'starts_at', 'ends_at'] as const;

/**
 * Broadcast messages (issue 19): the administrators' list and editor, audited, and every
 * signed-in user's bell (the polled unread count, the list, mark read) and critical banner.
 */
export function registerBroadcastRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/admin/broadcasts',
    access: managesBroadcasts,
    body: ZBroadcastListBody,
    response: ZBroadcastListResponse,
    handler: (request) => listBroadcastsForAdmin(db, request.body?.state ?? ''),
  });

  postRoute(app, {
    path: '/api/admin/broadcast',
    access: managesBroadcasts,
    body: ZBroadcastIdBody,
    response: ZBroadcastResponse,
    handler: (request) => getBroadcast(db, request.body.id),
  });

  recordSaveRoute(app, db, {
    path: '/api/admin/broadcast-save',
    access: managesBroadcasts,
    entityType: 'broadcast',
    actions: { created: 'broadcast.created', updated: 'broadcast.updated' },
    body: ZSaveBroadcastBody,
    response: ZBroadcastResponse,
    handler: (request) => saveBroadcast(db, currentUser(request), request.body),
    details: AUDITED_FIELDS,
  });

  changedRecordRoute(app, db, {
    path: '/api/admin/broadcast-end',
    access: managesBroadcasts,
    entityType: 'broadcast',
    action: 'broadcast.ended',
    body: ZBroadcastIdBody,
    response: ZBroadcastResponse,
    handler: (request) => endBroadcastNow(db, currentUser(request), request.body.id),
    details: ['title', 'ends_at'],
  });

  changedRecordRoute(app, db, {
    path: '/api/admin/broadcast-delete',
    access: managesBroadcasts,
    entityType: 'broadcast',
    action: 'broadcast.deleted',
    body: ZBroadcastIdBody,
    response: ZDeletedBroadcastResponse,
    handler: (request) => deleteBroadcastById(db, request.body.id),
    details: ['title'],
  });

  postRoute(app, {
    path: '/api/dx/get-my-broadcast-count',
    access: signedInAccess,
    response: ZBroadcastCountResponse,
    handler: (request) => countMyUnreadBroadcasts(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/my-broadcasts',
    access: signedInAccess,
    response: ZMyBroadcastsResponse,
    handler: (request) => listMyBroadcasts(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/mark-broadcast-read',
    access: signedInAccess,
    body: ZBroadcastIdBody,
    response: ZMyBroadcastResponse,
    handler: (request) => markBroadcastRead(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/dismiss-broadcast',
    access: signedInAccess,
    body: ZBroadcastIdBody,
    response: ZMyBroadcastResponse,
    handler: (request) => dismissBroadcast(db, currentUser(request), request.body.id),
  });
}

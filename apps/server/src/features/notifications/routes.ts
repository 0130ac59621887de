import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import {
  ZMarkNotificationsReadBody,
  ZMarkNotificationsReadResponse,
  ZMyNotificationsResponse,
  ZNotificationCountResponse,
  ZNotificationPreferencesResponse,
  ZSaveNotificationPreferencesBody,
} from '@bastion/domain/notifications/api';
import { currentUser, signedInAccess } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import {
  countMyNotifications,
  listMyNotifications,
  markMyNotificationsRead,
} from './my-notifications.ts';
import {
  readNotificationPreferences,
  saveNotificationPreferences,
} from './notification-preferences.ts';

/**
 * Issue 37 (decision 042): each signed-in user's notifications in the bell, polled like the
 * broadcast count, and their choice of which also go by e-mail.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; publicUrl: string },
) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/my-notification-count',
    access: signedInAccess,
    response: ZNotificationCountResponse,
    handler: (request) =>
      countMyNotifications({ ...deps, log: request.log }, currentUser(request), appNow()),
  });

  postRoute(app, {
    path: '/api/dx/my-notifications',
    access: signedInAccess,
    response: ZMyNotificationsResponse,
    handler: (request) =>
      listMyNotifications({ ...deps, log: request.log }, currentUser(request), appNow()),
  });

  postRoute(app, {
    path: '/api/dx/mark-notifications-read',
    access: signedInAccess,
    body: ZMarkNotificationsReadBody,
    response: ZMarkNotificationsReadResponse,
    handler: (request) =>
      markMyNotificationsRead(deps, currentUser(request), request.body, appNow()),
  });

  postRoute(app, {
    path: '/api/dx/notification-preferences',
    access: signedInAccess,
    response: ZNotificationPreferencesResponse,
    handler: (request) => readNotificationPreferences(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/save-notification-preferences',
    access: signedInAccess,
    body: ZSaveNotificationPreferencesBody,
    response: ZNotificationPreferencesResponse,
    handler: (request) => saveNotificationPreferences(db, currentUser(request), request.body),
  });
}

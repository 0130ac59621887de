import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { recordAudit } from '../../lib/db/audit.repository.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
import { createApiToken } from './create-api-token.ts';
import { createUser } from './create-user.ts';
import { downloadUsers } from './download-users.ts';
import { getUserDetail } from './get-user-detail.ts';
import { listAccountOptions } from './list-account-options.ts';
import { listUserHistory, listUserSignIns } from './list-user-history.ts';
import { listApiTokens } from './list-api-tokens.ts';
import { listUsers } from './list-users.ts';
import { resetUserMfa } from './reset-user-mfa.ts';
import { revokeServiceAccountToken } from './revoke-api-token.ts';
import { sendPasswordToUser } from './send-password-link.ts';
import { setUserDisabled } from './set-user-disabled.ts';
import { readSignInPolicy, updateSignInPolicy } from './sign-in-policy.ts';
import { updateUser } from './update-user.ts';
import {
  ZAccountOptionsBody,
  ZAccountOptionsResponse,
  ZApiTokenListBody,
  ZApiTokenListResponse,
  ZCreateApiTokenBody,
  ZCreatedApiTokenResponse,
  ZRevokeApiTokenBody,
  ZRevokedApiTokenResponse,
  ZCreateUserBody,
  ZPasswordLinkSentResponse,
  ZSetUserDisabledBody,
  ZSignInPolicyBody,
  ZSignInPolicyResponse,
  ZUpdateUserBody,
  ZUserDetailResponse,
  ZUserDisabledResponse,
  ZUserHistoryBody,
  ZUserHistoryResponse,
  ZUserListBody,
  ZUserListFilters,
  ZUserListResponse,
  ZUserMfaResetResponse,
  ZUserRefBody,
  ZUsersCsv,
  ZUserSignInsResponse,
} from '@bastion/domain/accounts/users-api';

/** Root and user administrators manage users: the flags of policy.ts's canAdministerUsers. */
export const administersUsers = (f: PermissionFlags) => f.is_root_admin || f.is_user_admin;

const administers = requirePermission('can administer users', administersUsers);
const downloads = requirePermission(
  'can administer users and download them',
  (f) => administersUsers(f) && f.can_download_users,
);
const setsSignInPolicy = requirePermission('can set the sign-in policy', (f) => f.is_root_admin);

/**
 * User administration (issue 16, decision 021): the users grid and its CSV, one user's detail,
 * changes, sign-ins and history, set-password links, and the sign-in policy. Every change is
 * refused while impersonating and audited with the fields before and after.
 */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig; mailer: Mailer },
) {
  const { db } = deps;
  const mail = { config: deps.config, mailer: deps.mailer };

  postRoute(app, {
    path: '/api/admin/users',
    access: administers,
    body: ZUserListBody,
    response: ZUserListResponse,
    handler: (request) => listUsers(db, request.body),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/users-download',
    {
      config: { access: downloads },
      schema: { body: ZUserListFilters, response: { 200: ZUsersCsv } },
    },
    async (request, reply) => {
      const csv = await downloadUsers(db, request.body);
      await recordAudit(db, request, { action: 'users.downloaded', details: request.body });
      // A text type: Fastify sends the string as it is, without the JSON serializer.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  postRoute(app, {
    path: '/api/admin/user-detail',
    access: administers,
    body: ZUserRefBody,
    response: ZUserDetailResponse,
    handler: (request) => getUserDetail(db, request.body.email),
  });

  postRoute(app, {
    path: '/api/admin/create-user',
    access: administers,
    body: ZCreateUserBody,
    response: ZUserDetailResponse,
    handler: async (request) => {
      const created = await createUser(db, mail, currentUser(request), {
        ...request.body,
        ip: request.ip,
      });
      for (const audit of created.audits) await recordAudit(db, request, audit);
      return created.data;
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/update-user',
    access: administers,
    body: ZUpdateUserBody,
    response: ZUserDetailResponse,
    handler: (request) => updateUser(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/set-user-disabled',
    access: administers,
    body: ZSetUserDisabledBody,
    response: ZUserDisabledResponse,
    handler: (request) => setUserDisabled(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/reset-user-mfa',
    access: administers,
    body: ZUserRefBody,
    response: ZUserMfaResetResponse,
    handler: (request) => resetUserMfa(db, currentUser(request), request.body.email),
  });

  auditedPostRoute(app, db, {
    path: '/api/security/send_password',
    access: administers,
    body: ZUserRefBody,
    response: ZPasswordLinkSentResponse,
    handler: (request) =>
      sendPasswordToUser(db, mail, currentUser(request), {
        email: request.body.email,
        ip: request.ip,
      }),
  });

  postRoute(app, {
    path: '/api/admin/user-sign-ins',
    access: administers,
    body: ZUserHistoryBody,
    response: ZUserSignInsResponse,
    handler: (request) => listUserSignIns(db, request.body),
  });

  postRoute(app, {
    path: '/api/admin/user-history',
    access: administers,
    body: ZUserHistoryBody,
    response: ZUserHistoryResponse,
    handler: (request) => listUserHistory(db, request.body),
  });

  postRoute(app, {
    path: '/api/admin/user-account-options',
    access: administers,
    body: ZAccountOptionsBody,
    response: ZAccountOptionsResponse,
    handler: (request) => listAccountOptions(db, request.body.search),
  });

  postRoute(app, {
    path: '/api/admin/sign-in-policy',
    access: administers,
    response: ZSignInPolicyResponse,
    handler: () => readSignInPolicy(db),
  });

  // Service accounts' API tokens (issue 21).
  postRoute(app, {
    path: '/api/admin/api-tokens',
    access: administers,
    body: ZApiTokenListBody,
    response: ZApiTokenListResponse,
    handler: (request) => listApiTokens(db, request.body.email),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/create-api-token',
    access: administers,
    body: ZCreateApiTokenBody,
    response: ZCreatedApiTokenResponse,
    handler: (request) => createApiToken(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/revoke-api-token',
    access: administers,
    body: ZRevokeApiTokenBody,
    response: ZRevokedApiTokenResponse,
    handler: (request) => revokeServiceAccountToken(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/update-sign-in-policy',
    access: setsSignInPolicy,
    body: ZSignInPolicyBody,
    response: ZSignInPolicyResponse,
    handler: (request) => updateSignInPolicy(db, currentUser(request), request.body),
  });
}

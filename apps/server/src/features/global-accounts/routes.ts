import type { FastifyInstance } from 'fastify';
import {
  ZGlobalAccountAccountBody,
  ZGlobalAccountBody,
  ZGlobalAccountChoicesBody,
  ZGlobalAccountChoicesResponse,
  ZGlobalAccountDetailResponse,
  ZGlobalAccountListResponse,
  ZGlobalAccountMemberBody,
  ZSaveGlobalAccountBody,
  ZSetGlobalAccountOwnerBody,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
import { addGroupAccount } from './add-group-account.ts';
import { addTeamMember } from './add-team-member.ts';
import { getGlobalAccount } from './get-global-account.ts';
import { canManageGlobalAccounts } from './global-account-scope.ts';
import { listGlobalAccountChoices } from './list-global-account-choices.ts';
import { listGlobalAccounts } from './list-global-accounts.ts';
import { removeGroupAccount } from './remove-group-account.ts';
import { removeTeamMember } from './remove-team-member.ts';
import { saveGlobalAccount } from './save-global-account.ts';
import { setGlobalAccountOwner } from './set-global-account-owner.ts';

/** The page is for GAMs and GAM_GMs, the deal desk and root admins (the GLOBAL_ACCOUNTS menu). */
const seesGlobalAccounts = requirePermission(
  'GAM, GAM_GM, deal desk or root admin',
  (f) => f.is_gam || f.is_deal_desk_user || f.is_root_admin,
);

/** Root admins, deal-desk admins and GAM_GMs create and change groups. */
const managesGlobalAccounts = requirePermission(
  'root admin, deal desk admin or GAM_GM',
  canManageGlobalAccounts,
);

/**
 * Global accounts (issue 19, /cpq/gam-account/{ref}): groups linking CRM accounts across regions,
 * with a GAM owner and a team, who see and quote for every account of them (core/access/user-roles.repository.ts).
 */
export function registerGlobalAccountRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/global-accounts/list',
    access: seesGlobalAccounts,
    response: ZGlobalAccountListResponse,
    handler: (request) => listGlobalAccounts(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/global-accounts/get',
    access: seesGlobalAccounts,
    body: ZGlobalAccountBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => getGlobalAccount(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/global-accounts/choices',
    access: managesGlobalAccounts,
    body: ZGlobalAccountChoicesBody,
    response: ZGlobalAccountChoicesResponse,
    handler: (request) => listGlobalAccountChoices(db, request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/save',
    access: managesGlobalAccounts,
    body: ZSaveGlobalAccountBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => saveGlobalAccount(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/set-owner',
    access: managesGlobalAccounts,
    body: ZSetGlobalAccountOwnerBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => setGlobalAccountOwner(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/add-account',
    access: managesGlobalAccounts,
    body: ZGlobalAccountAccountBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => addGroupAccount(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/remove-account',
    access: managesGlobalAccounts,
    body: ZGlobalAccountAccountBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => removeGroupAccount(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/add-member',
    access: managesGlobalAccounts,
    body: ZGlobalAccountMemberBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => addTeamMember(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/global-accounts/remove-member',
    access: managesGlobalAccounts,
    body: ZGlobalAccountMemberBody,
    response: ZGlobalAccountDetailResponse,
    handler: (request) => removeTeamMember(db, currentUser(request), request.body),
  });
}

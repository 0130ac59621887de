import type { FastifyInstance } from 'fastify';
import {
  ZContractBody,
  ZContractDetailResponse,
  ZContractsBody,
  ZContractsPageResponse,
  ZContractSummaryResponse,
  ZImportContractsBody,
  ZImportContractsResultResponse,
  ZInstalledBaseBody,
  ZInstalledBaseResponse,
  ZMarkContractLostBody,
} from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import {
  addressesContract,
  addressesOpportunity,
  currentUser,
  requirePermission,
} from '../../lib/access.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
import { refuseWhenRenewalsDisabled } from '../../core/renewals/renewals-switch.ts';
import { getContract } from './get-contract.ts';
import { getInstalledBase } from './get-installed-base.ts';
import { importContracts } from './import-contracts.ts';
import { listContracts } from './list-contracts.ts';
import { markContractLost } from './mark-contract-lost.ts';

/**
 * The renewals desk is for renewal users and the deal desk (spec §6, the Renewals menu), and for
 * root admins, who see every menu.
 */
export const usesRenewalsDesk = requirePermission(
  'renewal user, deal desk or root admin',
  (f) => f.is_renewal_user || f.is_deal_desk_user || f.is_root_admin,
);

/**
 * The installed base and the renewals desk (issue 18). Every renewals call answers 403 while the
 * app setting cpq_renewals_trueups is 'disabled'; the installed base is shown regardless.
 */
export function registerRenewalRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const whenEnabled = refuseWhenRenewalsDisabled(db);

  postRoute(app, {
    path: '/api/dx/renewals/contracts',
    access: usesRenewalsDesk,
    preValidation: whenEnabled,
    body: ZContractsBody,
    response: ZContractsPageResponse,
    handler: (request) => listContracts(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/renewals/contract',
    access: usesRenewalsDesk,
    addresses: addressesContract('contract_id'),
    preValidation: whenEnabled,
    body: ZContractBody,
    response: ZContractDetailResponse,
    handler: (request) => getContract(db, currentUser(request), request.body.contract_id),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/renewals/mark-lost',
    access: usesRenewalsDesk,
    addresses: addressesContract('contract_id'),
    preValidation: whenEnabled,
    body: ZMarkContractLostBody,
    response: ZContractSummaryResponse,
    handler: (request) => markContractLost(db, currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/renewals/import-contracts',
    access: requirePermission(
      'deal desk admin, IT admin or root admin',
      (f) => f.is_deal_desk_admin || f.is_it_admin || f.is_root_admin,
    ),
    preValidation: whenEnabled,
    body: ZImportContractsBody,
    response: ZImportContractsResultResponse,
    // A large import is a few MB of CSV text.
    bodyLimit: 6 * 1024 * 1024,
    handler: (request) => importContracts(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/installed-base',
    access: requirePermission('can_see_quotes', (f) => f.can_see_quotes),
    addresses: addressesOpportunity('opportunity_id'),
    body: ZInstalledBaseBody,
    response: ZInstalledBaseResponse,
    handler: (request) => getInstalledBase(db, currentUser(request), request.body.opportunity_id),
  });
}

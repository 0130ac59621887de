import type { InstalledBase } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';
import {
  findVisibleOpportunityAccount,
  readAccountContractDetails,
} from './renewals.repository.ts';

/**
 * POST /api/dx/installed-base: the contracts of an opportunity's account, by end date. Whoever
 * may see the opportunity sees its account's contracts (a quote on it shows them), even one the
 * CRM has since deleted, so the quotes made on it still show their installed base.
 */
export async function getInstalledBase(
  db: Database,
  caller: AuthContext,
  opportunityId: string,
): Promise<InstalledBase> {
  const opportunity = await findVisibleOpportunityAccount(db, viewerOf(caller), opportunityId);
  if (!opportunity) {
    throw new AppError('NOT_FOUND', `There is no opportunity ${opportunityId} you can see.`);
  }
  const found = await readAccountContractDetails(db, opportunity.accountId);
  return {
    account_id: opportunity.accountId,
    account_name: opportunity.accountName ?? found[0]?.account_name ?? '',
    contracts: found,
  };
}

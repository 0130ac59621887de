import { and, eq } from 'drizzle-orm';
import type { InstalledBase } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readContractDetails } from '../../lib/contracts.ts';
import { opportunityVisibleTo, viewerOf } from '../../lib/visibility.ts';

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
  const [opportunity] = await db
    .select({ accountId: crmOpportunities.accountId, accountName: crmAccounts.name })
    .from(crmOpportunities)
    .leftJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
    .where(and(eq(crmOpportunities.id, opportunityId), opportunityVisibleTo(db, viewerOf(caller))));
  if (!opportunity) {
    throw new AppError('NOT_FOUND', `There is no opportunity ${opportunityId} you can see.`);
  }
  const found = await readContractDetails(db, eq(contracts.accountId, opportunity.accountId));
  return {
    account_id: opportunity.accountId,
    account_name: opportunity.accountName ?? found[0]?.account_name ?? '',
    contracts: found,
  };
}

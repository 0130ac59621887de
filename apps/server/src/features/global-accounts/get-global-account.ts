import { eq, inArray } from 'drizzle-orm';
import type { GlobalAccountDetail } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { globalAccounts } from '@bastion/db/schema/global-accounts';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readContractSummaries } from '../../lib/contracts.ts';
import { GLOBAL_ACCOUNT_MESSAGES } from '@bastion/domain/global-accounts/schemas';
import { canManageGlobalAccounts, requireVisibleGroup } from './global-account-scope.ts';
import {
  readGroupAccounts,
  readGroupSummaries,
  readOpenQuotes,
  readTeam,
} from './global-accounts.repository.ts';

/** One group as the page shows it, read without scoping (the caller's scope was checked). */
export async function readGlobalAccountDetail(
  db: Database,
  caller: AuthContext,
  id: string,
): Promise<GlobalAccountDetail> {
  const [summary] = await readGroupSummaries(db, eq(globalAccounts.id, id));
  if (!summary) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  const [team, accounts] = await Promise.all([readTeam(db, id), readGroupAccounts(db, id)]);
  const accountIds = accounts.map((account) => account.id);
  const [found, openQuotes] = await Promise.all([
    accountIds.length === 0
      ? Promise.resolve([])
      : readContractSummaries(db, inArray(contracts.accountId, accountIds)),
    readOpenQuotes(db, accountIds),
  ]);
  return {
    ...summary,
    team,
    accounts,
    contracts: found.map((c) => ({
      id: c.id,
      contract_number: c.contract_number,
      account_id: c.account_id,
      account_name: c.account_name,
      region: c.region,
      currency_code: c.currency_code,
      start_date: c.start_date,
      end_date: c.end_date,
      days_to_end: c.days_to_end,
      status: c.status,
      status_label: c.status_label,
      amount_to_renew_minor: c.amount_to_renew_minor,
    })),
    open_quotes: openQuotes,
    can_manage: canManageGlobalAccounts(caller.permissions),
  };
}

/**
 * POST /api/dx/global-accounts/get: one group on one page: its owner and team, its accounts with
 * their regions, its installed base (the contracts of its accounts) and its open quotes. Its
 * managers see every account of it (lib/user-roles.ts), so nothing of it is hidden from them.
 */
export async function getGlobalAccount(
  db: Database,
  caller: AuthContext,
  id: string,
): Promise<GlobalAccountDetail> {
  await requireVisibleGroup(db, caller, id);
  return readGlobalAccountDetail(db, caller, id);
}

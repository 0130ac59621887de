import type { GlobalAccountDetail } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { GLOBAL_ACCOUNT_MESSAGES } from '@bastion/domain/global-accounts/schemas';
import { canManageGlobalAccounts, requireVisibleGroup } from './global-account-scope.ts';
import {
  readAccountsContracts,
  readGroupAccounts,
  readGroupSummary,
  readOpenQuotes,
  readTeam,
} from './global-accounts.repository.ts';

/** One group as the page shows it, read without scoping (the caller's scope was checked). */
export async function readGlobalAccountDetail(
  db: Database,
  caller: AuthContext,
  id: string,
): Promise<GlobalAccountDetail> {
  const summary = await readGroupSummary(db, id);
  if (!summary) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  const [team, accounts] = await Promise.all([readTeam(db, id), readGroupAccounts(db, id)]);
  const accountIds = accounts.map((account) => account.id);
  const [found, openQuotes] = await Promise.all([
    readAccountsContracts(db, accountIds),
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
 * What a change to a group's team, accounts or owner answers and records: the group as the caller
 * sees it now, and the audit entry on the group, its name first in the details.
 */
export async function answerGroupChange(
  db: Database,
  caller: AuthContext,
  group: { id: string; name: string },
  action: string,
  details: Record<string, unknown>,
): Promise<Audited<GlobalAccountDetail>> {
  return {
    data: await readGlobalAccountDetail(db, caller, group.id),
    audit: {
      action,
      entityType: 'global_account',
      entityId: group.id,
      details: { name: group.name, ...details },
    },
  };
}

/**
 * POST /api/dx/global-accounts/get: one group on one page: its owner and team, its accounts with
 * their regions, its installed base (the contracts of its accounts) and its open quotes. Its
 * managers see every account of it (core/access/user-roles.repository.ts), so nothing of it is hidden from them.
 */
export async function getGlobalAccount(
  db: Database,
  caller: AuthContext,
  id: string,
): Promise<GlobalAccountDetail> {
  await requireVisibleGroup(db, caller, id);
  return readGlobalAccountDetail(db, caller, id);
}

import type { GlobalAccountChoices } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { crmAccounts } from '@bastion/db/schema/crm';
import { containsText } from '../../lib/db/queries.ts';
import { findGamPeople, searchCustomerAccounts } from './global-accounts.repository.ts';

/**
 * POST /api/dx/global-accounts/choices: for managers' forms, the customer accounts matching the
 * search (with the group each is in) and the people who may own or join a group.
 */
export async function listGlobalAccountChoices(
  db: Database,
  input: { search: string },
): Promise<GlobalAccountChoices> {
  const [accounts, people] = await Promise.all([
    searchCustomerAccounts(db, containsText(input.search, crmAccounts.name, crmAccounts.id)),
    findGamPeople(db),
  ]);
  return { accounts, people };
}

import type { Database } from '@bastion/db/client';
import type { AccountSummary, ListAccountsInput } from '@bastion/domain/crm/api';
import { findAccountPage } from './crm.repository.ts';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';

/** One page of the built-in CRM's accounts, by name; searched by name, id or country. */
export async function listAccounts(db: Database, input: ListAccountsInput) {
  const { rows, total } = await findAccountPage(db, {
    search: input.search,
    kind: input.kind,
    ...pageWindow(input),
  });
  return {
    rows: rows.map(({ account, contactCount }): AccountSummary => ({
      id: account.id,
      name: account.name,
      kind: account.kind,
      region: account.region,
      country: account.country,
      partner_type: account.partnerType,
      contact_count: contactCount,
      updated_at: account.updatedAt.toISOString(),
    })),
    total,
    ...pageOf(input),
  };
}

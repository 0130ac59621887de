import type { Database } from '@bastion/db/client';
import type { AccountSummary, ListAccountsInput } from './crm.schemas.ts';
import { findAccountPage } from './crm.repository.ts';

/** One page of the built-in CRM's accounts, by name; searched by name, id or country. */
export async function listAccounts(db: Database, input: ListAccountsInput) {
  const { rows, total } = await findAccountPage(db, {
    search: input.search,
    kind: input.kind,
    offset: (input.page - 1) * input.page_size,
    limit: input.page_size,
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
    page: input.page,
    page_size: input.page_size,
  };
}

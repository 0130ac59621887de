import { ROLE_VALUES } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import { listActiveUsers, listPartnerAccounts } from './approval-admin.repository.ts';
import { GROUP_REGIONS } from './save-group.ts';

/** What a group's member pickers offer: active users, every role, the regions. */
export async function listMemberOptions(db: Database) {
  return {
    users: await listActiveUsers(db),
    roles: [...ROLE_VALUES],
    regions: [...GROUP_REGIONS],
  };
}

/** CRM partner accounts matching a name or id, for the exception form. */
export async function listPartnerOptions(db: Database, search: string) {
  const rows = await listPartnerAccounts(db, search);
  return {
    partners: rows.map((r) => ({
      id: r.id,
      name: r.name,
      region: r.region,
      partner_type: r.partnerType,
    })),
  };
}

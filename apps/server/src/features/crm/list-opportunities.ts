import type { Database } from '@bastion/db/client';
import type { ListOpportunitiesInput, OpportunitySummary } from '@bastion/domain/crm/api';
import { findOpportunityPage } from './crm.repository.ts';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';

/**
 * One page of the built-in CRM's opportunities for its admins, last changed first, removed ones
 * included unless asked otherwise. Not scoped: admins see every region.
 */
export async function listOpportunities(db: Database, input: ListOpportunitiesInput) {
  const { rows, total } = await findOpportunityPage(db, {
    search: input.search,
    status: input.status,
    ...pageWindow(input),
  });
  return {
    rows: rows.map(({ opportunity: o, accountName }): OpportunitySummary => ({
      id: o.id,
      name: o.name,
      account_name: accountName,
      region: o.region,
      deal_type: o.dealType,
      stage: o.stage,
      currency_code: o.currencyCode,
      amount_minor: o.amountMinor,
      close_date: o.closeDate,
      owner_name: o.ownerName,
      modified_on: o.modifiedOn.toISOString(),
      modified_by: o.modifiedBy,
      removed_at: o.removedFromCrmAt?.toISOString() ?? null,
    })),
    total,
    ...pageOf(input),
  };
}

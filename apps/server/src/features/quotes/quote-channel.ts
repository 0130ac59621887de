import { deriveSalesChannel } from '@bastion/domain/quotes/sales-channel';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmOpportunitySnapshot } from '../../integrations/crm/crm-adapter.ts';

export const DIRECT_QUOTE_REFUSED =
  'You can create quotes for partner deals only, and this opportunity has no partner.';

/**
 * The opportunity's partner and distributor and the sales channel they make, refused (403) to a
 * caller who may quote partner deals only when it is DIRECT. Told before any form problem: no
 * correction of the form would make such a quote possible.
 */
export function quotableChannelOf(caller: AuthContext, snapshot: CrmOpportunitySnapshot) {
  const { opportunity } = snapshot;
  const partner = snapshot.accounts.find((a) => a.id === opportunity.partnerAccountId);
  const distributor = snapshot.accounts.find((a) => a.id === opportunity.distributorAccountId);
  const salesChannel = deriveSalesChannel({
    partner: partner ? { id: partner.id, name: partner.name } : null,
    distributor: distributor ? { id: distributor.id, name: distributor.name } : null,
  });
  if (salesChannel === 'DIRECT' && !caller.permissions.can_create_direct_quote) {
    throw new AppError('FORBIDDEN', DIRECT_QUOTE_REFUSED);
  }
  return { salesChannel, partner, distributor };
}

import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { withCrm } from '../../integrations/crm/with-crm.ts';
import { canSeeOpportunity, viewerOf } from '../../core/quotes/visibility.repository.ts';

/**
 * Whether the opportunity has product lines entered by hand in the CRM (spec §7), asked of the
 * CRM itself, since lines may have changed since the last sync. Bastion only answers for
 * opportunities it holds and the caller may see; any other is 404, as in the grids.
 */
export async function checkManualProductLines(
  db: Database,
  adapter: CrmAdapter,
  caller: AuthContext,
  opportunityId: string,
) {
  if (!(await canSeeOpportunity(db, viewerOf(caller), opportunityId))) {
    throw new AppError('NOT_FOUND', `There is no opportunity ${opportunityId} you can see.`);
  }
  const hasManual = await withCrm(() => adapter.hasManualProductLines(opportunityId));
  return { opportunity_id: opportunityId, has_manual_product_lines: hasManual };
}

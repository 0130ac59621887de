import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { withCrm } from '../../lib/crm/with-crm.ts';
import { opportunityExists } from './crm.repository.ts';

/**
 * Whether the opportunity has product lines entered by hand in the CRM (spec §7), asked of the
 * CRM itself, since lines may have changed since the last sync. Bastion only answers for
 * opportunities it holds.
 */
export async function checkManualProductLines(
  db: Database,
  adapter: CrmAdapter,
  opportunityId: string,
) {
  if (!(await opportunityExists(db, opportunityId))) {
    throw new AppError('NOT_FOUND', `There is no opportunity with the id ${opportunityId}.`);
  }
  const hasManual = await withCrm(() => adapter.hasManualProductLines(opportunityId));
  return { opportunity_id: opportunityId, has_manual_product_lines: hasManual };
}

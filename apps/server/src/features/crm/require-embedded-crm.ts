import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';

export const EDITED_IN_SALESFORCE_MESSAGE =
  'Records are edited in Salesforce when the CRM is Salesforce.';

/**
 * Admins edit the CRM's records in Bastion only when Bastion is the CRM: with Salesforce the
 * tables are a copy that the next sync would overwrite (docs/decisions/008).
 */
export function requireEmbeddedCrm(adapter: Pick<CrmAdapter, 'kind'>): void {
  if (adapter.kind !== 'embedded') throw new AppError('CONFLICT', EDITED_IN_SALESFORCE_MESSAGE);
}

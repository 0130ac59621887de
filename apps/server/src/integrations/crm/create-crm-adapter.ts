import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { CrmAdapter } from './crm-adapter.ts';
import { createEmbeddedAdapter } from './embedded-adapter.repository.ts';
import { createSalesforceAdapter } from './salesforce-adapter.ts';

/** The CRM the configuration names (CRM_ADAPTER): the embedded one unless Salesforce is set up. */
export function createCrmAdapter(db: Database, config: ServerConfig): CrmAdapter {
  return config.crm.adapter === 'salesforce'
    ? createSalesforceAdapter(config.crm)
    : createEmbeddedAdapter(db);
}

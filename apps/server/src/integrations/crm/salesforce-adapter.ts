import type { CrmAdapter } from './crm-adapter.ts';
import { isRecord } from './salesforce/record-values.ts';
import {
  createSalesforceClient,
  type SalesforceAdapterOptions,
  type SalesforceCrmConfig,
} from './salesforce/client.ts';
import { createProductWriter } from './salesforce/product-writes.ts';
import { createSalesforceQueries } from './salesforce/queries.ts';

/**
 * The CRM adapter for Salesforce (docs/decisions/008): reads opportunities and what a quote takes
 * from them over the REST API, and writes quote progress back to the opportunity.
 *
 * Authentication is ours (OAuth 2.0 client credentials or JWT bearer against the login URL);
 * the REST calls go through a jsforce Connection made from the token we got. jsforce's Query
 * and SObject helpers are not used: they cannot pass per-call options (its default retries a
 * refused connection for ~15 s before giving up) and the write-back needs an exact decimal in
 * its JSON body, which JSON.stringify of a float cannot promise.
 *
 * The pieces live in ./salesforce/: client.ts (sign-in, sessions, REST calls and their errors),
 * queries.ts (the SOQL and the write-back), field-map.ts (which Salesforce field feeds which
 * column), field-mapping.ts (records to Bastion's rows), product-writes.ts (the primary quote's
 * lines as opportunity products) and record-values.ts (ids, exact money
 * and typed field readers).
 */
export function createSalesforceAdapter(
  config: SalesforceCrmConfig,
  options: SalesforceAdapterOptions = {},
): CrmAdapter {
  const client = createSalesforceClient(config, options);
  const queries = createSalesforceQueries(client);

  return {
    kind: 'salesforce',

    async ping() {
      const versions = await client.call<unknown>(
        { method: 'GET', url: '/services/data/' },
        'the API versions request',
      );
      const offered = Array.isArray(versions)
        ? versions.flatMap((v) => (isRecord(v) && typeof v.version === 'string' ? [v.version] : []))
        : [];
      if (!offered.includes(config.apiVersion)) {
        throw client.unavailable(
          `Salesforce does not offer API version ${config.apiVersion}` +
            (offered.length > 0 ? ` (it offers ${offered.at(-1)} and earlier)` : '') +
            '; set SALESFORCE_API_VERSION to one it offers.',
        );
      }
      await queries.readOneOfEach();
    },

    fetchChangedOpportunities: queries.fetchChangedOpportunities,
    fetchRemovedOpportunityIds: queries.fetchRemovedOpportunityIds,
    getOpportunity: queries.getOpportunity,
    hasManualProductLines: queries.hasManualProductLines,
    writeBackQuote: queries.writeBackQuote,
    writeOpportunityProducts: createProductWriter(client),
  };
}

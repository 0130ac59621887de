/*
 * The registry of named API schemas lives with the contracts in packages/domain, so a contract
 * names its shared answers where it defines them; the server's OpenAPI document reads it here.
 */
export { namedApiSchemas, type ApiSchemaMeta } from '@bastion/domain/api/named-schemas';

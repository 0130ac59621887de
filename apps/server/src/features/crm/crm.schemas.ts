import { z } from 'zod';
import { zEnvelope } from '../../lib/envelope.ts';

export const ZCrmAdapterKind = z.enum(['embedded', 'salesforce']);
export const ZCrmSyncStatus = z.enum(['idle', 'syncing', 'synced', 'failed']);

/** The CRM admin page's status card; also the answer of a sync. */
export const ZConnectionStatus = z.object({
  adapter: ZCrmAdapterKind,
  /** Where Bastion signs in to the CRM (Salesforce), null for the embedded CRM. */
  endpoint: z.string().nullable(),
  status: ZCrmSyncStatus,
  /** ISO 8601; null before the first successful sync. */
  last_synced_at: z.string().nullable(),
  /** Opportunities the last successful sync brought in. */
  synced_count: z.number().int().nonnegative(),
  /** Why the last sync failed; empty otherwise. */
  last_error: z.string(),
  /** Opportunities in Bastion's copy now. */
  opportunity_count: z.number().int().nonnegative(),
});
export type ConnectionStatus = z.infer<typeof ZConnectionStatus>;

export const ZConnectionStatusResponse = zEnvelope(ZConnectionStatus);

export const ZOpportunityIdBody = z.object({
  opportunity_id: z
    .string({ error: 'Say which opportunity (opportunity_id).' })
    .trim()
    .min(1, 'Say which opportunity (opportunity_id).')
    .max(64, 'The opportunity id is too long.')
    .regex(/^[A-Za-z0-9_-]+$/, 'An opportunity id has letters, digits, "-" and "_" only.'),
});

export const ZManualProductLinesResponse = zEnvelope(
  z.object({ opportunity_id: z.string(), has_manual_product_lines: z.boolean() }),
);

export const FIELD_MAPPING_SECTIONS = [
  'Opportunity',
  'Customer',
  'Partner',
  'Distributor',
  'Terms and dates',
  'People',
  'Written back',
] as const;

export const ZFieldMapping = z.object({
  /** A heading to group the list under on the admin page. */
  section: z.enum(FIELD_MAPPING_SECTIONS),
  /** The CRM's fields: Salesforce API names, or the embedded crm_* columns. */
  crm_fields: z.array(z.string()),
  quote_fields: z.array(z.string()),
  /** read: from the CRM into the quote; write_back: from the quote into the CRM. */
  direction: z.enum(['read', 'write_back']),
  /** How the value is derived when it is not copied as it is; empty otherwise. */
  rule: z.string(),
});
export type FieldMapping = z.infer<typeof ZFieldMapping>;

export const ZFieldMappingResponse = zEnvelope(
  z.object({ adapter: ZCrmAdapterKind, mappings: z.array(ZFieldMapping) }),
);

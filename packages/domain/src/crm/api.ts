import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { zRequiredText } from '../validation/required-text.ts';
import { CRM_ACCOUNT_KINDS, ZAccountId, ZContactId, ZRecordOpportunityId } from './schemas.ts';
import {
  zCountedPageFields,
  zDeletedEnvelope,
  zEnvelope,
  zPagedSearchBody,
  zRowsPageEnvelope,
} from '../api/envelope.ts';

// What admins save is validated with the browser's schemas (packages/domain).
export {
  CRM_ACCOUNT_KINDS,
  CRM_CURRENCIES,
  CRM_DEAL_TYPES,
  CRM_PARTNER_TYPES,
  CRM_REGIONS,
  ZAccountId,
  ZContactId,
  ZRecordOpportunityId,
  ZSaveAccountBody,
  ZSaveContactBody,
  ZSaveOpportunityBody,
  ZTeamMember,
  type SaveAccountInput,
  type SaveContactInput,
  type SaveOpportunityInput,
} from './schemas.ts';

export const ZCrmAdapterKind = z.enum(['embedded', 'salesforce']);
export const ZCrmSyncStatus = z.enum(['idle', 'syncing', 'synced', 'failed']);

/** A record the last sync could not take, and why (issue 19). */
export const ZSyncRecordError = z.object({ record_id: z.string(), message: z.string() });
export type SyncRecordError = z.infer<typeof ZSyncRecordError>;

/**
 * An opportunity still owed its primary quote's lines as products (decision 044): waiting for
 * the write under way, or failed with why; the next change of the quote or the next sync writes
 * it again.
 */
export const ZOwedOpportunityProducts = z.object({
  opportunity_id: z.string(),
  opportunity_name: z.string(),
  quote_id: z.string(),
  quote_number: z.string(),
  state: z.enum(['pending', 'failed']),
  /** Failed writes in a row. */
  failures: z.number().int().nonnegative(),
  /** Why the last write failed; empty while pending. */
  message: z.string(),
  /** ISO 8601; null before the first attempt. */
  last_attempt_at: z.string().nullable(),
});
export type OwedOpportunityProducts = z.infer<typeof ZOwedOpportunityProducts>;

/** The CRM admin page's status card and the sync button; also the answer of a sync. */
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
  /** While syncing: records written so far of progress_total (null until the CRM answered). */
  progress_done: z.number().int().nonnegative(),
  progress_total: z.number().int().nonnegative().nullable(),
  /** The records the last finished sync skipped, each with why; the next sync retries them. */
  record_errors: z.array(ZSyncRecordError),
  /** E-mail of who started the running or last sync; empty before the first. */
  started_by: z.string(),
  /** Opportunities whose products (the primary quote's lines) are not written yet, oldest first. */
  owed_products: z.array(ZOwedOpportunityProducts),
});
export type ConnectionStatus = z.infer<typeof ZConnectionStatus>;

export const ZConnectionStatusResponse = zEnvelope(ZConnectionStatus);

export const ZOpportunityIdBody = z.object({
  opportunity_id: zRequiredText(
    'Say which opportunity (opportunity_id).',
    64,
    'The opportunity id is too long.',
  ).regex(/^[A-Za-z0-9_-]+$/, 'An opportunity id has letters, digits, "-" and "_" only.'),
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

/*
 * The built-in CRM's records, edited by admins (issue 4: "embedded (default): opportunities,
 * accounts, partners, distributors and contacts in our own tables, editable by admins").
 */

/* Accounts and contacts. */

export const ZContactRecord = z.object({
  id: z.string(),
  account_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
});
export type ContactRecord = z.infer<typeof ZContactRecord>;

export const ZAccountRecord = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CRM_ACCOUNT_KINDS),
  region: z.string(),
  country: z.string(),
  billing_street: z.string(),
  billing_city: z.string(),
  billing_state: z.string(),
  billing_postal_code: z.string(),
  billing_country: z.string(),
  shipping_street: z.string(),
  shipping_city: z.string(),
  shipping_state: z.string(),
  shipping_postal_code: z.string(),
  shipping_country: z.string(),
  payment_term_days: z.number().int().nullable(),
  payment_term_name: z.string().nullable(),
  partner_type: z.string().nullable(),
  is_public_sector: z.boolean(),
  segment: z.string(),
  updated_at: z.string(),
  contacts: z.array(ZContactRecord),
});
export type AccountRecord = z.infer<typeof ZAccountRecord>;

export const ZAccountResponse = zEnvelope(ZAccountRecord);

export const ZListAccountsBody = zPagedSearchBody(200, {
  kind: z
    .enum(CRM_ACCOUNT_KINDS, { error: 'The kind is CUSTOMER, PARTNER or DISTRIBUTOR.' })
    .nullable()
    .default(null),
});
export type ListAccountsInput = z.infer<typeof ZListAccountsBody>;

/** An account's row in the list: some of its record's fields, and how many contacts it has. */
export const ZAccountSummary = ZAccountRecord.pick({
  id: true,
  name: true,
  kind: true,
  region: true,
  country: true,
  partner_type: true,
}).extend({
  contact_count: z.number().int().nonnegative(),
  updated_at: z.string(),
});
export type AccountSummary = z.infer<typeof ZAccountSummary>;

export const ZListAccountsResponse = zRowsPageEnvelope(ZAccountSummary, zCountedPageFields);

export const ZAccountIdBody = z.object({ id: ZAccountId });

export const ZContactResponse = zEnvelope(ZContactRecord);

export const ZContactIdBody = z.object({ id: ZContactId });

export const ZDeleteContactResponse = zDeletedEnvelope({ id: z.string(), account_id: z.string() });

/* Opportunities. */

export const ZOpportunityRecord = z.object({
  id: z.string(),
  name: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  partner_account_id: z.string().nullable(),
  partner_name: z.string().nullable(),
  partner_contact_id: z.string().nullable(),
  partner_contact_name: z.string().nullable(),
  distributor_account_id: z.string().nullable(),
  distributor_name: z.string().nullable(),
  region: z.string(),
  deal_type: z.string(),
  stage: z.string(),
  currency_code: z.string(),
  amount_minor: z.number().int(),
  /** The amount as the form shows it, e.g. "12500.00". */
  amount: z.string(),
  close_date: z.string().nullable(),
  contract_start_date: z.string().nullable(),
  payment_term_days: z.number().int().nullable(),
  payment_term_name: z.string().nullable(),
  partner_payment_term_days: z.number().int().nullable(),
  partner_payment_term_name: z.string().nullable(),
  sla: z.string(),
  is_registered_deal: z.boolean(),
  deal_reg: z.string(),
  is_public_sector: z.boolean(),
  products_evaluated: z.string(),
  owner_email: z.string(),
  owner_name: z.string(),
  csm_name: z.string(),
  csm_email: z.string(),
  cam_name: z.string(),
  cam_email: z.string(),
  team: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
  /**
   * Its products: typed in the CRM, or written from the primary quote's lines (decision 044);
   * read-only here.
   */
  products: z.array(
    z.object({
      id: z.string(),
      product_code: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unit_price_minor: z.number().int(),
      total_minor: z.number().int(),
      description: z.string(),
      /** quote: written from the primary quote; crm: typed in the CRM. */
      source: z.enum(['quote', 'crm']),
    }),
  ),
  /** Written back by quotes; read-only here. */
  quote_number: z.string().nullable(),
  quote_status: z.string().nullable(),
  created_on: z.string(),
  created_by: z.string(),
  modified_on: z.string(),
  modified_by: z.string(),
  /** When an admin removed it from lists (ISO 8601); null while it is live. */
  removed_at: z.string().nullable(),
});
export type OpportunityRecord = z.infer<typeof ZOpportunityRecord>;

export const ZOpportunityResponse = zEnvelope(ZOpportunityRecord);

export const ZOpportunityRecordIdBody = z.object({ id: ZRecordOpportunityId });

export const ZListOpportunitiesBody = zPagedSearchBody(200, {
  /** live: in lists; removed: taken out by an admin; all: both. */
  status: z
    .enum(['all', 'live', 'removed'], { error: 'The status is all, live or removed.' })
    .default('all'),
});
export type ListOpportunitiesInput = z.infer<typeof ZListOpportunitiesBody>;

/** An opportunity's row in the list: some of its record's fields. */
export const ZOpportunitySummary = ZOpportunityRecord.pick({
  id: true,
  name: true,
  account_name: true,
  region: true,
  deal_type: true,
  stage: true,
  currency_code: true,
  amount_minor: true,
  close_date: true,
  owner_name: true,
  modified_on: true,
  modified_by: true,
  removed_at: true,
});
export type OpportunitySummary = z.infer<typeof ZOpportunitySummary>;

export const ZListOpportunitiesResponse = zRowsPageEnvelope(
  ZOpportunitySummary,
  zCountedPageFields,
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZOpportunityRecord, { id: 'CrmOpportunity' });
namedApiSchemas.add(ZAccountRecord, { id: 'CrmAccount' });
namedApiSchemas.add(ZContactRecord, { id: 'CrmContact' });
namedApiSchemas.add(ZConnectionStatus, { id: 'CrmConnectionStatus' });

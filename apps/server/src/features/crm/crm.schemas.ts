import { z } from 'zod';
import { isValidEmail } from '@bastion/domain/validation/email';
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

/*
 * The built-in CRM's records, edited by admins (issue 4: "embedded (default): opportunities,
 * accounts, partners, distributors and contacts in our own tables, editable by admins").
 */

/** The regions opportunities are sold in (the crm_opportunities.region values). */
export const CRM_REGIONS = ['EMEA', 'North America', 'Americas', 'LATAM', 'APJ'] as const;
export const CRM_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const CRM_ACCOUNT_KINDS = ['CUSTOMER', 'PARTNER', 'DISTRIBUTOR'] as const;
/** The partner programme levels (the partner_types lookup). */
export const CRM_PARTNER_TYPES = ['AUTHORIZED', 'SELECT', 'PREMIER', 'MSP'] as const;
/** Deal types of spec §4, by code. */
export const CRM_DEAL_TYPES = ['NB', 'U', 'R', 'TU', 'S', 'E', 'C'] as const;

/** Ids are the CRM's own: Salesforce-shaped ones from a sync, ACC-/CON-/OPP-… for new records. */
const zRecordId = (what: string) =>
  z
    .string({ error: `Say which ${what}.` })
    .trim()
    .min(1, `Say which ${what}.`)
    .max(40, `That is not ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} id.`)
    .regex(/^[A-Za-z0-9_-]+$/, `That is not ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} id.`);

export const ZAccountId = zRecordId('account');
export const ZContactId = zRecordId('contact');
export const ZRecordOpportunityId = zRecordId('opportunity');

/** Optional text: trimmed, '' when left out. */
const zText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .default('');

const zRequiredText = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} is too long (at most ${max} characters).`);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An e-mail address checked with the forms' rule (spec §5); '' when optional and left out. */
const zEmail = (label: string, options: { isRequired: boolean }) =>
  z
    .string({ error: `${capitalized(label)} must be text.` })
    .trim()
    .max(254, `${capitalized(label)} is too long.`)
    .default('')
    .refine((value) => (value === '' ? !options.isRequired : isValidEmail(value)), {
      error: (issue) =>
        issue.input === '' ? `Please enter ${label}.` : `${capitalized(label)} is not valid.`,
    });

/** A reference that may be left out: null, or '' from a cleared field. */
const zOptional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable()).default(null);

const zTermDays = (label: string) =>
  z
    .number({ error: `${label} is a whole number of days.` })
    .int(`${label} is a whole number of days.`)
    .min(0, `${label} cannot be negative.`)
    .max(365, `${label} is at most 365 days.`)
    .nullable()
    .default(null);

/** A name, or null when left blank. */
const zOptionalName = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null));

const zDate = (label: string) =>
  zOptional(z.iso.date({ error: `${label}: dates look like 2026-03-31.` }));

const zPage = z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1);
const zPageSize = z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25);
const zSearch = z.string().trim().max(200, 'The search is too long.').default('');

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
  updated_at: z.string(),
  contacts: z.array(ZContactRecord),
});
export type AccountRecord = z.infer<typeof ZAccountRecord>;

export const ZAccountResponse = zEnvelope(ZAccountRecord);

export const ZListAccountsBody = z.object({
  search: zSearch,
  kind: z
    .enum(CRM_ACCOUNT_KINDS, { error: 'The kind is CUSTOMER, PARTNER or DISTRIBUTOR.' })
    .nullable()
    .default(null),
  page: zPage,
  page_size: zPageSize,
});
export type ListAccountsInput = z.infer<typeof ZListAccountsBody>;

export const ZAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CRM_ACCOUNT_KINDS),
  region: z.string(),
  country: z.string(),
  partner_type: z.string().nullable(),
  contact_count: z.number().int().nonnegative(),
  updated_at: z.string(),
});
export type AccountSummary = z.infer<typeof ZAccountSummary>;

export const ZListAccountsResponse = zEnvelope(
  z.object({
    rows: z.array(ZAccountSummary),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

export const ZAccountIdBody = z.object({ id: ZAccountId });

export const ZSaveAccountBody = z
  .object({
    /** Left out to create an account; given to change that one. */
    id: ZAccountId.optional(),
    name: zRequiredText('Please enter the account name.', 'The account name', 255),
    kind: z.enum(CRM_ACCOUNT_KINDS, {
      error: 'Choose the kind of account: CUSTOMER, PARTNER or DISTRIBUTOR.',
    }),
    region: z
      .enum(['', ...CRM_REGIONS], {
        error: `The region is one of ${CRM_REGIONS.join(', ')}, or blank.`,
      })
      .default(''),
    country: z
      .string({ error: 'The country is a two-letter ISO code, like DE or US.' })
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'The country is a two-letter ISO code, like DE or US.')
      .default(''),
    billing_street: zText('The billing street', 255),
    billing_city: zText('The billing city', 120),
    billing_state: zText('The billing state', 120),
    billing_postal_code: zText('The billing postal code', 40),
    billing_country: zText('The billing country', 120),
    shipping_street: zText('The shipping street', 255),
    shipping_city: zText('The shipping city', 120),
    shipping_state: zText('The shipping state', 120),
    shipping_postal_code: zText('The shipping postal code', 40),
    shipping_country: zText('The shipping country', 120),
    payment_term_days: zTermDays('The payment term'),
    payment_term_name: zOptionalName('The payment term name', 60),
    partner_type: z
      .enum(CRM_PARTNER_TYPES, {
        error: `The partner type is one of ${CRM_PARTNER_TYPES.join(', ')}, or blank.`,
      })
      .nullable()
      .default(null),
    is_public_sector: z.boolean({ error: 'Public sector is true or false.' }).default(false),
  })
  .superRefine((account, context) => {
    if (account.partner_type !== null && account.kind !== 'PARTNER') {
      context.addIssue({
        code: 'custom',
        path: ['partner_type'],
        message: 'Only a partner account has a partner type.',
      });
    }
  });
export type SaveAccountInput = z.infer<typeof ZSaveAccountBody>;

export const ZSaveContactBody = z.object({
  /** Left out to add a contact; given to change that one. */
  id: ZContactId.optional(),
  account_id: ZAccountId,
  first_name: zText('The first name', 80),
  last_name: zRequiredText('Please enter the last name.', 'The last name', 80),
  /** Optional: a partner contact without one simply cannot be notified of quotes. */
  email: zEmail('the e-mail address', { isRequired: false }),
  phone: zText('The phone number', 40).refine(
    (value) => /^[0-9+()./\s-]*$/.test(value),
    'A phone number has digits, spaces and + ( ) - . / only.',
  ),
  title: zText('The title', 120),
});
export type SaveContactInput = z.infer<typeof ZSaveContactBody>;

export const ZContactResponse = zEnvelope(ZContactRecord);

export const ZContactIdBody = z.object({ id: ZContactId });

export const ZDeleteContactResponse = zEnvelope(
  z.object({ id: z.string(), account_id: z.string(), is_deleted: z.literal(true) }),
);

/* Opportunities. */

export const ZTeamMember = z.object({
  email: zEmail('the team member’s e-mail address', { isRequired: true }),
  name: zText('The team member’s name', 120),
  role: zText('The team member’s role', 80),
});

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

export const ZListOpportunitiesBody = z.object({
  search: zSearch,
  /** live: in lists; removed: taken out by an admin; all: both. */
  status: z
    .enum(['all', 'live', 'removed'], { error: 'The status is all, live or removed.' })
    .default('all'),
  page: zPage,
  page_size: zPageSize,
});
export type ListOpportunitiesInput = z.infer<typeof ZListOpportunitiesBody>;

export const ZOpportunitySummary = z.object({
  id: z.string(),
  name: z.string(),
  account_name: z.string(),
  region: z.string(),
  deal_type: z.string(),
  stage: z.string(),
  currency_code: z.string(),
  amount_minor: z.number().int(),
  close_date: z.string().nullable(),
  owner_name: z.string(),
  modified_on: z.string(),
  modified_by: z.string(),
  removed_at: z.string().nullable(),
});
export type OpportunitySummary = z.infer<typeof ZOpportunitySummary>;

export const ZListOpportunitiesResponse = zEnvelope(
  z.object({
    rows: z.array(ZOpportunitySummary),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

/** Whole units up to 13 digits and at most 2 decimals: always a safe integer of minor units. */
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const AMOUNT_MESSAGE = 'Enter the amount as a number with at most 2 decimals, like 12500.00.';

export const ZSaveOpportunityBody = z
  .object({
    /** Left out to create an opportunity; given to change that one. */
    id: ZRecordOpportunityId.optional(),
    name: zRequiredText('Please enter the opportunity name.', 'The opportunity name', 255),
    account_id: zRecordId('customer account'),
    partner_account_id: zOptional(zRecordId('partner account')),
    partner_contact_id: zOptional(ZContactId),
    distributor_account_id: zOptional(zRecordId('distributor account')),
    region: z.enum(CRM_REGIONS, { error: `Choose the region: ${CRM_REGIONS.join(', ')}.` }),
    deal_type: z.enum(CRM_DEAL_TYPES, {
      error: `Choose the deal type: ${CRM_DEAL_TYPES.join(', ')}.`,
    }),
    stage: zText('The stage', 60),
    currency_code: z.enum(CRM_CURRENCIES, {
      error: `The currency is one of ${CRM_CURRENCIES.join(', ')}.`,
    }),
    amount: z
      .string({ error: AMOUNT_MESSAGE })
      .trim()
      .regex(AMOUNT_PATTERN, AMOUNT_MESSAGE)
      .transform((text) => {
        const [major = '0', minor = ''] = text.split('.');
        return Number(BigInt(major + minor.padEnd(2, '0')));
      }),
    close_date: zDate('Close date'),
    contract_start_date: zDate('Contract start date'),
    payment_term_days: zTermDays('The payment term'),
    payment_term_name: zOptionalName('The payment term name', 60),
    partner_payment_term_days: zTermDays('The partner payment term'),
    partner_payment_term_name: zOptionalName('The partner payment term name', 60),
    sla: zText('The SLA', 60),
    is_registered_deal: z.boolean({ error: 'Registered deal is true or false.' }).default(false),
    deal_reg: zText('The deal registration', 60),
    is_public_sector: z.boolean({ error: 'Public sector is true or false.' }).default(false),
    /** Semicolon-separated (spec §3); stored as "A; B", blanks and repeats dropped. */
    products_evaluated: zText('Products evaluated', 1000).transform((list) =>
      [
        ...new Set(
          list
            .split(';')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ].join('; '),
    ),
    owner_email: zEmail('the owner’s e-mail address', { isRequired: true }),
    owner_name: zText('The owner’s name', 120),
    csm_name: zText('The CSM’s name', 120),
    csm_email: zEmail('the CSM’s e-mail address', { isRequired: false }),
    cam_name: zText('The CAM’s name', 120),
    cam_email: zEmail('the CAM’s e-mail address', { isRequired: false }),
    team: z
      .array(ZTeamMember, { error: 'Send the team as a list.' })
      .max(50, 'At most 50 team members.')
      .default([]),
  })
  .superRefine((opportunity, context) => {
    if (opportunity.partner_contact_id !== null && opportunity.partner_account_id === null) {
      context.addIssue({
        code: 'custom',
        path: ['partner_contact_id'],
        message: 'Choose the partner before its contact.',
      });
    }
    if (opportunity.deal_reg !== '' && !opportunity.is_registered_deal) {
      context.addIssue({
        code: 'custom',
        path: ['deal_reg'],
        message: 'A deal registration number needs "Registered deal" ticked.',
      });
    }
    const seen = new Set<string>();
    opportunity.team.forEach((member, index) => {
      const email = member.email.toLowerCase();
      if (seen.has(email)) {
        context.addIssue({
          code: 'custom',
          path: ['team', index, 'email'],
          message: `${member.email} is already on the team.`,
        });
      }
      seen.add(email);
    });
  });
export type SaveOpportunityInput = z.infer<typeof ZSaveOpportunityBody>;

import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { isValidEmail } from '../validation/email.ts';

/*
 * What an admin may save in the built-in CRM (issue 4: "embedded (default): opportunities,
 * accounts, partners, distributors and contacts in our own tables, editable by admins"). The
 * server validates its routes with these schemas and the browser's forms with the same pieces,
 * so both give the same message for the same bad value.
 */

/** The regions opportunities are sold in (the crm_opportunities.region values). */
export const CRM_REGIONS = ['EMEA', 'North America', 'Americas', 'LATAM', 'APJ'] as const;
export const CRM_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const CRM_ACCOUNT_KINDS = ['CUSTOMER', 'PARTNER', 'DISTRIBUTOR'] as const;
export type CrmAccountKind = (typeof CRM_ACCOUNT_KINDS)[number];
/** The partner programme levels (the partner_types lookup). */
export const CRM_PARTNER_TYPES = ['AUTHORIZED', 'SELECT', 'PREMIER', 'MSP'] as const;
/** Deal types of spec §4, by code. */
export const CRM_DEAL_TYPES = ['NB', 'U', 'R', 'TU', 'S', 'E', 'C'] as const;

const article = (what: string) => (/^[aeiou]/.test(what) ? 'an' : 'a');

/** Ids are the CRM's own: Salesforce-shaped ones from a sync, ACC-/CON-/OPP-… for new records. */
export const zRecordId = (what: string) =>
  zRequiredText(`Say which ${what}.`, 40, `That is not ${article(what)} ${what} id.`).regex(
    /^[A-Za-z0-9_-]+$/,
    `That is not ${article(what)} ${what} id.`,
  );

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

/** Required text whose too-long message names the field. */
const zLabelledRequiredText = (message: string, label: string, max: number) =>
  zRequiredText(message, max, `${label} is too long (at most ${max} characters).`);

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

const zTermDayCount = (label: string) =>
  z
    .number({ error: `${label} is a whole number of days.` })
    .int(`${label} is a whole number of days.`)
    .min(0, `${label} cannot be negative.`)
    .max(365, `${label} is at most 365 days.`)
    .nullable();

const zTermDays = (label: string) => zTermDayCount(label).default(null);

/** The same term as a form's text field holds it: '' is none, anything else must be days. */
const zTermDaysText = (label: string) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(zTermDayCount(label));

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

/* Accounts and contacts. */

const accountKind = z.enum(CRM_ACCOUNT_KINDS, {
  error: 'Choose the kind of account: CUSTOMER, PARTNER or DISTRIBUTOR.',
});
const PARTNER_TYPE_MESSAGE = `The partner type is one of ${CRM_PARTNER_TYPES.join(', ')}, or blank.`;

const accountFields = {
  /** Left out to create an account; given to change that one. */
  id: ZAccountId.optional(),
  name: zLabelledRequiredText('Please enter the account name.', 'The account name', 255),
  kind: accountKind,
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
  partner_type: z.enum(CRM_PARTNER_TYPES, { error: PARTNER_TYPE_MESSAGE }).nullable().default(null),
  is_public_sector: z.boolean({ error: 'Public sector is true or false.' }).default(false),
  /** Issue 35: the customer segment price books match on (Salesforce Segment__c). */
  segment: zText('The segment', 80).default(''),
};

function checkAccount(
  account: { kind: CrmAccountKind; partner_type: string | null },
  context: z.RefinementCtx,
) {
  if (account.partner_type !== null && account.kind !== 'PARTNER') {
    context.addIssue({
      code: 'custom',
      path: ['partner_type'],
      message: 'Only a partner account has a partner type.',
    });
  }
}

export const ZSaveAccountBody = z.object(accountFields).superRefine(checkAccount);
export type SaveAccountInput = z.infer<typeof ZSaveAccountBody>;

/** The account form: the body's rules over the text its fields hold ('' for none). */
export const ZAccountForm = z
  .object({
    ...accountFields,
    payment_term_days: zTermDaysText('The payment term'),
    partner_type: z
      .enum(['', ...CRM_PARTNER_TYPES], { error: PARTNER_TYPE_MESSAGE })
      .transform((type) => (type === '' ? null : type)),
  })
  .superRefine(checkAccount);
export type AccountFormValues = z.input<typeof ZAccountForm>;

export const ZSaveContactBody = z.object({
  /** Left out to add a contact; given to change that one. */
  id: ZContactId.optional(),
  account_id: ZAccountId,
  first_name: zText('The first name', 80),
  last_name: zLabelledRequiredText('Please enter the last name.', 'The last name', 80),
  /** Optional: a partner contact without one simply cannot be notified of quotes. */
  email: zEmail('the e-mail address', { isRequired: false }),
  phone: zText('The phone number', 40).refine(
    (value) => /^[0-9+()./\s-]*$/.test(value),
    'A phone number has digits, spaces and + ( ) - . / only.',
  ),
  title: zText('The title', 120),
});
export type SaveContactInput = z.infer<typeof ZSaveContactBody>;
export type ContactFormValues = z.input<typeof ZSaveContactBody>;

/* Opportunities. */

export const ZTeamMember = z.object({
  email: zEmail('the team member’s e-mail address', { isRequired: true }),
  name: zText('The team member’s name', 120),
  role: zText('The team member’s role', 80),
});

/** Whole units up to 13 digits and at most 2 decimals: always a safe integer of minor units. */
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const AMOUNT_MESSAGE = 'Enter the amount as a number with at most 2 decimals, like 12500.00.';

/** The amount as typed ("12500.00"), checked but still text. */
const zAmountText = z
  .string({ error: AMOUNT_MESSAGE })
  .trim()
  .regex(AMOUNT_PATTERN, AMOUNT_MESSAGE);

/** "12500.5" → 1250050 minor units, exactly. */
const toMinorUnits = (text: string) => {
  const [major = '0', minor = ''] = text.split('.');
  return Number(BigInt(major + minor.padEnd(2, '0')));
};

const opportunityFields = {
  /** Left out to create an opportunity; given to change that one. */
  id: ZRecordOpportunityId.optional(),
  name: zLabelledRequiredText('Please enter the opportunity name.', 'The opportunity name', 255),
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
  amount: zAmountText.transform(toMinorUnits),
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
};

function checkOpportunity(
  opportunity: {
    partner_account_id: string | null;
    partner_contact_id: string | null;
    deal_reg: string;
    is_registered_deal: boolean;
    team: readonly { email: string }[];
  },
  context: z.RefinementCtx,
) {
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
}

export const ZSaveOpportunityBody = z.object(opportunityFields).superRefine(checkOpportunity);
export type SaveOpportunityInput = z.infer<typeof ZSaveOpportunityBody>;

/**
 * The opportunity form: the body's rules over the text its fields hold. Its result is what the
 * form sends, so the amount stays text (the server turns it into minor units).
 */
export const ZOpportunityForm = z
  .object({
    ...opportunityFields,
    amount: zAmountText,
    payment_term_days: zTermDaysText('The payment term'),
    partner_payment_term_days: zTermDaysText('The partner payment term'),
  })
  .superRefine(checkOpportunity);
export type OpportunityFormValues = z.input<typeof ZOpportunityForm>;

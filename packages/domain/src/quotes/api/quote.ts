import { z } from 'zod';
import { namedApiSchemas } from '../../api/named-schemas.ts';
import { zRequiredText } from '../../validation/required-text.ts';
import { zArchivableQuoteStatusFields, zEnvelope } from '../../api/envelope.ts';
import { ZJson } from '../../api/json.ts';
import { ZOpportunityRecord } from '../../crm/api.ts';

/*
 * One quote's requests and answers (create, read, edit, history, the opportunity it is for):
 * the server validates with them, the web app reads its types from them.
 */

// The rename form checks with the same schema (quotes/schemas.ts).
export { ZUpdateQuoteBody } from '../schemas.ts';

export const ZQuoteId = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
});

export const ZOpportunityId = zRequiredText(
  'Say which opportunity.',
  40,
  'That is not an opportunity id.',
).regex(/^[A-Za-z0-9_-]+$/, 'That is not an opportunity id.');

export const ZCreateQuoteBody = z.object({
  opportunity_id: ZOpportunityId,
  values: z.record(z.string(), ZJson.optional(), { error: 'Send the form values as an object.' }),
});

/** The view-quote page's header editor: the create-quote form's values, at the version seen. */
export const ZEditQuoteDetailsBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  values: z.record(z.string(), ZJson.optional(), { error: 'Send the form values as an object.' }),
});

export const ZCreateQuoteResponse = zEnvelope(
  z.object({
    id: z.string(),
    quote_number: z.string(),
    status_id: z.string(),
    quote_type: z.string(),
    version: z.number().int(),
    target_path: z.string(),
  }),
);

export const ZQuoteView = z.object({
  id: z.string(),
  quote_number: z.string(),
  quote_name: z.string(),
  quote_type: z.string(),
  deal_type: z.string(),
  ...zArchivableQuoteStatusFields,
  is_coterm: z.boolean(),
  is_renewal: z.boolean(),
  /** Configured on the renewal pages: its term and deal type are its contract's. */
  opens_on_renewal_page: z.boolean(),
  contract_length: z.number().int(),
  sales_channel: z.string(),
  partner_type: z.string().nullable(),
  currency_code: z.string(),
  total_amount_minor: z.number().int(),
  opportunity_id: z.string().nullable(),
  account_id: z.string(),
  account_name: z.string(),
  region: z.string(),
  details: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  target_path: z.string(),
});

export const ZQuoteResponse = zEnvelope(ZQuoteView);

export const ZHistoryResponse = zEnvelope(
  z.object({
    quote_id: z.string(),
    quote_number: z.string(),
    quote_name: z.string(),
    /** The currency the entries' totals are in (minor units). */
    currency_code: z.string(),
    entries: z.array(
      z.object({
        id: z.number().int(),
        occurred_at: z.string(),
        action: z.string(),
        version: z.number().int(),
        actor: z.object({ email: z.string(), name: z.string() }).nullable(),
        impersonated_by: z.string().nullable(),
        changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
      }),
    ),
  }),
);

export const ZOpportunityBody = z.object({ id: ZOpportunityId });

/** The opportunity a quote is made for: fields of its CRM record, and what the form needs. */
export const ZOpportunityForQuoteResponse = zEnvelope(
  ZOpportunityRecord.pick({
    id: true,
    name: true,
    account_name: true,
    region: true,
    stage: true,
    deal_type: true,
    currency_code: true,
    amount_minor: true,
    close_date: true,
    partner_name: true,
    distributor_name: true,
    owner_name: true,
    payment_term_name: true,
  }).extend({
    sales_channel: z.string(),
    contracting_entity_name: z.string().nullable(),
    prefill: z.record(z.string(), ZJson.optional()),
    /** Quote types the form does not offer for this account (app settings), with why. */
    unoffered_quote_types: z.array(z.object({ value: z.string(), reason: z.string() })),
  }),
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZQuoteView, { id: 'Quote' });

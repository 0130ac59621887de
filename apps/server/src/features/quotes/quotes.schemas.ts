import { z } from 'zod';
import { zEnvelope } from '../../lib/envelope.ts';
import { ZJson } from '../../lib/zod-json.ts';
import { GRID_MODULE_NAMES } from './grid-modules.ts';

export const ZQuoteId = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
});

export const ZOpportunityId = z
  .string({ error: 'Say which opportunity.' })
  .trim()
  .min(1, 'Say which opportunity.')
  .max(40, 'That is not an opportunity id.')
  .regex(/^[A-Za-z0-9_-]+$/, 'That is not an opportunity id.');

const ZDate = z.iso.date({ error: 'Dates look like 2026-03-31.' });

export const ZGridBody = z.object({
  module_name: z.enum(GRID_MODULE_NAMES, { error: 'There is no such list.' }),
  opp_id: ZOpportunityId.optional(),
  search: z.string().trim().max(200, 'The search is too long.').optional(),
  filters: z
    .object({
      status: z.array(z.string().max(40)).max(20).optional(),
      quote_type: z.array(z.string().max(20)).max(5).optional(),
      region: z.array(z.string().max(40)).max(10).optional(),
      deal_type: z.array(z.string().max(10)).max(10).optional(),
      date_from: ZDate.optional(),
      date_to: ZDate.optional(),
    })
    .default({}),
  sort: z.object({ field: z.string().max(40), direction: z.enum(['asc', 'desc']) }).optional(),
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
});

const ZCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZGridResponse = zEnvelope(
  z.object({
    module_name: z.string(),
    title: z.string(),
    columns: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: z.string(),
        sort: z.string().optional(),
      }),
    ),
    filters: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        options: z.array(z.object({ value: z.string(), label: z.string() })),
      }),
    ),
    date_label: z.string(),
    rows: z.array(z.record(z.string(), ZCell)),
    total: z.number().int(),
    /** True when there are more matches than the grid counts (total is then the cap). */
    total_is_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

export const ZCreateQuoteBody = z.object({
  opportunity_id: ZOpportunityId,
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
  status_id: z.string(),
  status_label: z.string(),
  status_tone: z.string(),
  pre_archive_status_id: z.string().nullable(),
  is_coterm: z.boolean(),
  is_renewal: z.boolean(),
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

export const ZUpdateQuoteBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  quote_name: z.string().trim().min(1, 'Please enter Quote Name').max(200).optional(),
  contract_length: z
    .number()
    .int()
    .min(1, 'At least 1 month.')
    .max(60, 'At most 60 months.')
    .optional(),
});

export const ZHistoryResponse = zEnvelope(
  z.object({
    quote_id: z.string(),
    quote_number: z.string(),
    quote_name: z.string(),
    entries: z.array(
      z.object({
        id: z.number().int(),
        occurred_at: z.string(),
        action: z.string(),
        version: z.number().int(),
        actor: z.object({ email: z.string(), name: z.string() }).nullable(),
        changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
      }),
    ),
  }),
);

export const ZOpportunityBody = z.object({ id: ZOpportunityId });

export const ZOpportunityForQuoteResponse = zEnvelope(
  z.object({
    id: z.string(),
    name: z.string(),
    account_name: z.string(),
    region: z.string(),
    stage: z.string(),
    deal_type: z.string(),
    currency_code: z.string(),
    amount_minor: z.number().int(),
    close_date: z.string().nullable(),
    sales_channel: z.string(),
    partner_name: z.string().nullable(),
    distributor_name: z.string().nullable(),
    owner_name: z.string(),
    contracting_entity_name: z.string().nullable(),
    payment_term_name: z.string().nullable(),
    prefill: z.record(z.string(), ZJson.optional()),
  }),
);

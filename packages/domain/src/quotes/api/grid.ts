import { z } from 'zod';
import { zEnvelope, zPageRequestFields, zSearchText } from '../../api/envelope.ts';
import { ZOpportunityId } from './quote.ts';

/** The lists the generic grid draws (spec §2); the server describes each (grid-modules.ts). */
export const GRID_MODULE_NAMES = ['quotes', 'my-quotes', 'opportunities'] as const;
export type GridModuleName = (typeof GRID_MODULE_NAMES)[number];

const ZDate = z.iso.date({ error: 'Dates look like 2026-03-31.' });

export const ZGridBody = z.object({
  module_name: z.enum(GRID_MODULE_NAMES, { error: 'There is no such list.' }),
  opp_id: ZOpportunityId.optional(),
  search: zSearchText(200).optional(),
  filters: z
    .object({
      status: z.array(z.string().max(40)).max(20).optional(),
      quote_type: z.array(z.string().max(20)).max(5).optional(),
      region: z.array(z.string().max(40)).max(10).optional(),
      deal_type: z.array(z.string().max(10)).max(10).optional(),
      /** User ids (quotes) or owner e-mail addresses (opportunities). */
      owner: z.array(z.string().max(254)).max(50, 'Pick at most 50 owners.').optional(),
      date_from: ZDate.optional(),
      date_to: ZDate.optional(),
    })
    .default({}),
  sort: z.object({ field: z.string().max(40), direction: z.enum(['asc', 'desc']) }).optional(),
  ...zPageRequestFields,
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
        priority: z.literal('secondary').optional(),
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

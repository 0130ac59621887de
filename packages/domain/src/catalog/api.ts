import { z } from 'zod';
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { OPTION_SELECTIONS } from './bundle-options.ts';
import { zActiveOption, zEnvelope, zPageFields, zSearchText } from '../api/envelope.ts';

const ZCurrency = z
  .string({ error: 'Say which currency.' })
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO code such as USD.');

export const ZSearchSkusBody = z.object({
  search: zSearchText(100).optional(),
  node_id: z.uuid({ error: 'That is not a product hierarchy node.' }).optional(),
  family_id: z.string().max(40).optional(),
  kinds: z.array(z.enum(PRODUCT_KINDS, { error: 'There is no such kind of product.' })).optional(),
  currency_code: ZCurrency.default('USD'),
  price_date: z.iso.date({ error: 'Dates look like 2026-03-31.' }).optional(),
  include_inactive: z.boolean().default(false),
  /** Issue 34: the quote the SKUs are offered for; its product rules' filters hide some. */
  quote_id: z.uuid({ error: 'That is not a quote id.' }).optional(),
  page: z.number().int().min(1, 'Pages start at 1.').max(10_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
});

export const ZSearchSkusResponse = zEnvelope(
  z.object({
    ...zPageFields,
    currency_code: z.string(),
    price_date: z.string(),
    rows: z.array(
      z.object({
        sku: z.string(),
        name: z.string(),
        description: z.string(),
        kind: z.enum(PRODUCT_KINDS),
        billing: z.enum(['ONE_TIME', 'ANNUAL']),
        family_id: z.string(),
        hierarchy_node_id: z.string().nullable(),
        size: z.string().nullable(),
        pricing_model: z.string().nullable(),
        is_shippable: z.boolean(),
        is_active: z.boolean(),
        unit_price_minor: z.number().int().nullable(),
        /** Issue 34: the SKU can be sold as a high-availability pair. */
        ha_capable: z.boolean(),
        /** A bundle's options (its components), each per unit of the bundle. */
        components: z.array(
          z.object({
            sku: z.string(),
            name: z.string(),
            kind: z.enum(PRODUCT_KINDS),
            billing: z.enum(['ONE_TIME', 'ANNUAL']),
            quantity: z.number(),
            /** Issue 34: its option group; null: none. */
            feature: z.string().nullable(),
            selection: z.enum(OPTION_SELECTIONS),
          }),
        ),
        /** Issue 34: a configurable bundle's option groups; empty for a fixed bundle. */
        features: z.array(
          z.object({
            name: z.string(),
            min_options: z.number().int(),
            max_options: z.number().int().nullable(),
          }),
        ),
      }),
    ),
  }),
);

export const ZHierarchyResponse = zEnvelope(
  z.object({
    families: z.array(zActiveOption),
    nodes: z.array(
      z.object({
        id: z.string(),
        parent_id: z.string().nullable(),
        name: z.string(),
        family_id: z.string().nullable(),
        sort_order: z.number().int(),
        sku_count: z.number().int(),
      }),
    ),
  }),
);

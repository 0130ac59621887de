import { z } from 'zod';
import { BILLING_TYPES, PRODUCT_KINDS } from '@bastion/domain/pricing/model';
import { LAP_SIZES, PRICING_MODELS } from '@bastion/domain/validation/secure-access';
import { zEnvelope } from '../../lib/envelope.ts';
import { parseUnitPrice } from './price-text.ts';

/*
 * Requests and answers of the catalogue administration (POST /api/admin/catalog/…). Money is
 * integer minor units out and decimal text in; dates are YYYY-MM-DD.
 */

/** The product family whose subscriptions are sized and priced by a secure-access model. */
export const SECURE_ACCESS_FAMILY = 'SECURE_ACCESS';

export const SKU_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,39}$/;
const SKU_CODE_MESSAGE =
  'A SKU code is 2 to 40 capital letters, digits and dashes, starting with a letter or digit (like BX-1200-HW).';

/** A SKU code as typed: trimmed and upper-cased before the pattern is checked. */
const ZSkuCode = z
  .string({ error: 'Enter the SKU code.' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter the SKU code.')
  .regex(SKU_CODE_PATTERN, SKU_CODE_MESSAGE);

/** An existing SKU to look up: any stored code, so an odd legacy one can still be opened. */
const ZSkuRef = z
  .string({ error: 'Say which SKU.' })
  .trim()
  .min(1, 'Say which SKU.')
  .max(64, 'That is not a SKU code.');

const ZNodeId = (message: string) => z.uuid({ error: message });

export const ZDate = (label: string) =>
  z.iso.date({ error: `${label}: dates look like 2027-01-01.` });

const ZCurrencyCode = z
  .string({ error: 'Choose the currency.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO code such as USD.');

/** Product lines one grid filter may name. */
export const MAX_PRODUCT_LINE_FILTERS = 50;

const zPage = z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1);
const zPageSize = z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25);

/* SKUs: the catalogue grid and the SKU panel. */

export const SKU_SORT_FIELDS = ['sku', 'name', 'family', 'kind', 'status', 'updated_at'] as const;
export type SkuSortField = (typeof SKU_SORT_FIELDS)[number];

export const ZListSkusBody = z.object({
  search: z.string().trim().max(100, 'The search is too long.').default(''),
  family_id: z.string().trim().max(40).default(''),
  kind: z
    .enum(['', ...PRODUCT_KINDS], { error: `The kind is one of ${PRODUCT_KINDS.join(', ')}.` })
    .default(''),
  status: z
    .enum(['all', 'active', 'inactive'], { error: 'The status is all, active or inactive.' })
    .default('all'),
  /** A product line: its SKUs and those of every line below it. */
  node_id: ZNodeId('That is not a product line.').nullable().default(null),
  /** Several product lines (each with the lines below it): SKUs on any of them. */
  node_ids: z
    .array(ZNodeId('That is not a product line.'), {
      error: 'The product lines are a list of ids.',
    })
    .max(MAX_PRODUCT_LINE_FILTERS, `Filter by at most ${MAX_PRODUCT_LINE_FILTERS} product lines.`)
    .default([]),
  sort: z
    .enum(SKU_SORT_FIELDS, { error: `Sort by one of ${SKU_SORT_FIELDS.join(', ')}.` })
    .default('sku'),
  direction: z.enum(['asc', 'desc'], { error: 'The direction is asc or desc.' }).default('asc'),
  page: zPage,
  page_size: zPageSize,
});
export type ListSkusInput = z.infer<typeof ZListSkusBody>;

const ZSkuFields = {
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  billing: z.enum(BILLING_TYPES),
  family_id: z.string(),
  family_name: z.string(),
  hierarchy_node_id: z.string().nullable(),
  /** "Network Security › Firewalls › Branch"; '' when the SKU is not placed. */
  hierarchy_path: z.string(),
  size: z.enum(LAP_SIZES).nullable(),
  pricing_model: z.string().nullable(),
  is_shippable: z.boolean(),
  is_active: z.boolean(),
  updated_at: z.string(),
};

export const ZSkuSummary = z.object({
  ...ZSkuFields,
  /** Today's USD list price, null when it has none. */
  usd_price_minor: z.number().int().nullable(),
});

export const ZListSkusResponse = zEnvelope(
  z.object({
    rows: z.array(ZSkuSummary),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** The day the USD prices are for. */
    price_date: z.string(),
  }),
);

export const ZBundleComponent = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  is_active: z.boolean(),
  quantity: z.number().int(),
});

export const ZSkuDetail = z.object({
  ...ZSkuFields,
  /** Quote lines naming this SKU: its kind is fixed once there is one. */
  quote_line_count: z.number().int().nonnegative(),
  price_date: z.string(),
  /** The list price in effect today in each currency it is sold in. */
  prices_today: z.array(
    z.object({ currency_code: z.string(), unit_price_minor: z.number().int() }),
  ),
  /** What a bundle brings onto a quote; empty for every other kind. */
  components: z.array(ZBundleComponent),
});
export type SkuDetail = z.infer<typeof ZSkuDetail>;

export const ZSkuResponse = zEnvelope(ZSkuDetail);

export const ZSkuBody = z.object({ sku: ZSkuRef });

export const ZSaveSkuBody = z
  .object({
    /** True to add a SKU with this code; false to change the SKU that has it. */
    is_new: z.boolean({ error: 'Say whether this is a new SKU (is_new).' }),
    sku: ZSkuCode,
    name: z
      .string({ error: 'Enter the SKU name.' })
      .trim()
      .min(1, 'Enter the SKU name.')
      .max(200, 'The name is too long (at most 200 characters).'),
    description: z
      .string({ error: 'The description must be text.' })
      .trim()
      .max(2000, 'The description is too long (at most 2000 characters).')
      .default(''),
    kind: z.enum(PRODUCT_KINDS, {
      error: `Choose the kind: ${PRODUCT_KINDS.join(', ')}.`,
    }),
    billing: z.enum(BILLING_TYPES, {
      error: 'Choose the billing: ONE_TIME, or ANNUAL (per unit per 12 months).',
    }),
    family_id: z
      .string({ error: 'Choose the product family.' })
      .trim()
      .min(1, 'Choose the product family.')
      .max(40, 'There is no such product family.'),
    hierarchy_node_id: ZNodeId('Choose where the SKU sits in the product hierarchy.'),
    size: z.enum(LAP_SIZES, { error: 'The size is xs, s, m or l.' }).nullable().default(null),
    pricing_model: z
      .enum(PRICING_MODELS, { error: `The pricing model is ${PRICING_MODELS.join(' or ')}.` })
      .nullable()
      .default(null),
    is_shippable: z.boolean({ error: 'Shippable is true or false.' }).default(false),
    is_active: z.boolean({ error: 'Active is true or false.' }).default(true),
  })
  .superRefine((sku, context) => {
    if (sku.pricing_model !== null && sku.family_id !== SECURE_ACCESS_FAMILY) {
      context.addIssue({
        code: 'custom',
        path: ['pricing_model'],
        message: 'Only Secure Access SKUs have a pricing model.',
      });
    }
    if (sku.size !== null && sku.pricing_model === null) {
      context.addIssue({
        code: 'custom',
        path: ['size'],
        message: 'Only secure-access SKUs have a size: choose their pricing model too.',
      });
    }
    if (sku.size === null && sku.pricing_model !== null) {
      context.addIssue({
        code: 'custom',
        path: ['size'],
        message: 'A secure-access SKU needs a size: xs, s, m or l.',
      });
    }
  });
export type SaveSkuInput = z.infer<typeof ZSaveSkuBody>;

export const ZFamiliesResponse = zEnvelope(
  z.object({
    families: z.array(z.object({ id: z.string(), name: z.string(), is_active: z.boolean() })),
  }),
);

/* A bundle's components. */

export const MAX_BUNDLE_COMPONENTS = 50;
export const MAX_COMPONENT_QUANTITY = 1000;
const QUANTITY_MESSAGE = `The quantity is a whole number from 1 to ${MAX_COMPONENT_QUANTITY}.`;

export const ZSaveBundleComponentsBody = z.object({
  /** The bundle SKU whose components these are. */
  sku: ZSkuRef,
  /** Every component, in the order the quote lists them: the whole set replaces the old one. */
  components: z
    .array(
      z.object({
        sku: z
          .string({ error: 'Enter the component’s SKU code.' })
          .trim()
          .toUpperCase()
          .min(1, 'Enter the component’s SKU code.')
          .max(64, 'That is not a SKU code.'),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(1, QUANTITY_MESSAGE)
          .max(MAX_COMPONENT_QUANTITY, QUANTITY_MESSAGE),
      }),
      { error: 'Send the components as a list.' },
    )
    .min(1, 'A bundle needs at least one component.')
    .max(MAX_BUNDLE_COMPONENTS, `A bundle holds at most ${MAX_BUNDLE_COMPONENTS} components.`),
});
export type SaveBundleComponentsInput = z.infer<typeof ZSaveBundleComponentsBody>;

/* The product hierarchy. */

const ZNodeName = z
  .string({ error: 'Enter the name of the product line.' })
  .trim()
  .min(1, 'Enter the name of the product line.')
  .max(120, 'The name is too long (at most 120 characters).');

export const ZHierarchyNode = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  family_id: z.string().nullable(),
  sort_order: z.number().int(),
  /** SKUs placed directly on this line, inactive ones included. */
  sku_count: z.number().int().nonnegative(),
  active_sku_count: z.number().int().nonnegative(),
  child_count: z.number().int().nonnegative(),
});
export type HierarchyNode = z.infer<typeof ZHierarchyNode>;

export const ZHierarchyResponse = zEnvelope(
  z.object({
    families: z.array(z.object({ id: z.string(), name: z.string(), is_active: z.boolean() })),
    nodes: z.array(ZHierarchyNode),
  }),
);

export const ZNodeResponse = zEnvelope(ZHierarchyNode);

export const ZAddNodeBody = z.object({
  /** Null or left out: a new top-level line. */
  parent_id: ZNodeId('That is not a product line.').nullable().default(null),
  name: ZNodeName,
  /** The family of the SKUs below; left out, the parent's. */
  family_id: z.string().trim().max(40).nullable().optional(),
});
export type AddNodeInput = z.infer<typeof ZAddNodeBody>;

export const ZRenameNodeBody = z.object({
  id: ZNodeId('Say which product line.'),
  name: ZNodeName,
});

export const ZMoveNodeBody = z.object({
  id: ZNodeId('Say which product line.'),
  /** Null: to the top level. */
  parent_id: ZNodeId('That is not a product line.').nullable(),
});

export const ZReorderNodeBody = z
  .object({
    id: ZNodeId('Say which product line.'),
    /** One place up or down among its siblings… */
    direction: z.enum(['up', 'down'], { error: 'The direction is up or down.' }).optional(),
    /** …or straight to this place among them, 1 being the first. */
    position: z
      .number({ error: 'The position is a whole number, 1 for the first place.' })
      .int('The position is a whole number, 1 for the first place.')
      .min(1, 'The position is a whole number, 1 for the first place.')
      .optional(),
  })
  .superRefine((body, context) => {
    if ((body.direction === undefined) === (body.position === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['direction'],
        message: 'Say either a direction (up or down) or a position, not both.',
      });
    }
  });
export type ReorderNodeInput = z.infer<typeof ZReorderNodeBody>;

export const ZReorderNodeResponse = zEnvelope(
  ZHierarchyNode.extend({
    /** Its place among its siblings now, 1 being the first. */
    position: z.number().int(),
    sibling_count: z.number().int(),
  }),
);

export const ZNodeIdBody = z.object({ id: ZNodeId('Say which product line.') });

export const ZDeleteNodeResponse = zEnvelope(
  z.object({ id: z.string(), name: z.string(), is_deleted: z.literal(true) }),
);

/* Prices. */

export const PRICE_STATUSES = ['in_effect', 'scheduled', 'past'] as const;

export const ZPriceRow = z.object({
  id: z.string(),
  currency_code: z.string(),
  unit_price_minor: z.number().int(),
  effective_from: z.string(),
  /** The first day it no longer applies; null while open. */
  effective_to: z.string().nullable(),
  status: z.enum(PRICE_STATUSES),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
});

export const ZPriceHistory = z.object({
  sku: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  /** The day "in effect" and "scheduled" are judged on. */
  today: z.string(),
  /** Currencies prices may be set in: those with an exchange rate. */
  currency_codes: z.array(z.string()),
  /** Newest first. */
  rows: z.array(ZPriceRow),
});
export type PriceHistory = z.infer<typeof ZPriceHistory>;

export const ZPriceHistoryResponse = zEnvelope(ZPriceHistory);

export const ZChangePriceBody = z
  .object({
    sku: ZSkuRef,
    currency_code: ZCurrencyCode,
    unit_price: z.string({ error: 'Enter the unit price as text, like "1234.50".' }),
    effective_from: ZDate('The first day of the new price'),
  })
  .transform((body, context) => {
    const price = parseUnitPrice(body.unit_price, body.currency_code);
    if (!price.isValid) {
      context.addIssue({ code: 'custom', path: ['unit_price'], message: price.message });
      return z.NEVER;
    }
    return { ...body, unit_price_minor: price.minor };
  });
export type ChangePriceInput = z.output<typeof ZChangePriceBody>;

export const ZChangePriceResponse = zEnvelope(
  ZPriceHistory.extend({
    change: z.object({
      currency_code: z.string(),
      unit_price_minor: z.number().int(),
      effective_from: z.string(),
      /** True when a price starting that same day was replaced. */
      is_replacement: z.boolean(),
    }),
  }),
);

export const ZCancelScheduledBody = z.object({
  id: z.uuid({ error: 'Say which price to cancel.' }),
});

export const ZExportPricesBody = z
  .object({
    /** Only the rows in effect on this day; left out, every row. */
    on: ZDate('The day').nullable().default(null),
  })
  .nullish()
  .transform((body) => ({ on: body?.on ?? null }));

export const ZExportPricesResponse = zEnvelope(
  z.object({ file_name: z.string(), csv: z.string(), row_count: z.number().int() }),
);

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const ZImportPricesBody = z.object({
  csv: z
    .string({ error: 'Send the file’s text as csv.' })
    .refine((text) => Buffer.byteLength(text, 'utf8') <= MAX_IMPORT_BYTES, {
      message: 'The file is larger than 5 MB: split it and import the parts one after another.',
    }),
});

export const ZImportPricesResponse = zEnvelope(z.object({ imported: z.number().int() }));

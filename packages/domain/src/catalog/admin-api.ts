import { z } from 'zod';
import { ZCsvImportBody } from '../api/csv-import-body.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { ZSkuAttributes } from '../product-rules/schemas.ts';
import { ZProductRulePreview, ZProductRuleView } from '../product-rules/admin-schemas.ts';
import { BILLING_TYPES } from '../pricing/model.ts';
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { LAP_SIZES } from '../validation/secure-access.ts';
import { OPTION_SELECTIONS } from './bundle-options.ts';
import { ZDate, ZNodeId, ZSkuRef } from './schemas.ts';
import {
  zActiveOption,
  zCountedPageFields,
  zDeletedEnvelope,
  zEnvelope,
  zPagedSearchBody,
  zRowsPageEnvelope,
} from '../api/envelope.ts';

/*
 * The input schemas the admin forms share with the server live in packages/domain: the routes
 * import them from here as before.
 */
export {
  ZAddNodeBody,
  ZChangePriceBody,
  ZMoveNodeBody,
  ZRenameNodeBody,
  ZSaveBundleComponentsBody,
  ZSaveSkuBody,
  type AddNodeInput,
  type ChangePriceInput,
  type SaveBundleComponentsInput,
  type SaveSkuInput,
} from './schemas.ts';

/*
 * Requests and answers of the catalogue administration (POST /api/admin/catalog/…). Money is
 * integer minor units out and decimal text in; dates are YYYY-MM-DD.
 */

/** Product lines one grid filter may name. */
export const MAX_PRODUCT_LINE_FILTERS = 50;

/* SKUs: the catalogue grid and the SKU panel. */

export const SKU_SORT_FIELDS = ['sku', 'name', 'family', 'kind', 'status', 'updated_at'] as const;
export type SkuSortField = (typeof SKU_SORT_FIELDS)[number];

export const ZListSkusBody = zPagedSearchBody(100, {
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

export const ZListSkusResponse = zRowsPageEnvelope(ZSkuSummary, zCountedPageFields, {
  /** The day the USD prices are for. */
  price_date: z.string(),
});

export const ZBundleComponent = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  is_active: z.boolean(),
  quantity: z.number().int(),
  /** Issue 34: the option group it belongs to (a name of `features`); null: none. */
  feature: z.string().nullable(),
  /** REQUIRED (always on), DEFAULT (on until the seller takes it off) or OPTIONAL. */
  selection: z.enum(OPTION_SELECTIONS),
});

/** An option group of a bundle: how many of its options a quote's bundle takes. */
export const ZBundleFeature = z.object({
  name: z.string(),
  min_options: z.number().int().nonnegative(),
  /** Null: no cap. */
  max_options: z.number().int().positive().nullable(),
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
  /**
   * Issue 34: a bundle's option groups, in the order the configurator shows them; empty for a
   * fixed bundle (all its components come with it) and for every other kind.
   */
  features: z.array(ZBundleFeature),
  /** The SKU a renewal may migrate this one to (issue 18); null: none. */
  successor_sku: z.string().nullable(),
  /** Issue 34: what product rules read of the SKU (model, form factor, segment, ports, …). */
  attributes: ZSkuAttributes,
});
export type SkuDetail = z.infer<typeof ZSkuDetail>;

export const ZSkuResponse = zEnvelope(ZSkuDetail);

export const ZSkuBody = z.object({ sku: ZSkuRef });

export const ZFamiliesResponse = zEnvelope(
  z.object({
    families: z.array(zActiveOption),
  }),
);

/* The product hierarchy. */

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
    families: z.array(zActiveOption),
    nodes: z.array(ZHierarchyNode),
  }),
);

export const ZNodeResponse = zEnvelope(ZHierarchyNode);

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

export const ZDeleteNodeResponse = zDeletedEnvelope({ id: z.string(), name: z.string() });

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

/** A CSV file to download: its name, its text and how many rows it has under its header. */
const ZCsvExport = z.object({
  file_name: z.string(),
  csv: z.string(),
  row_count: z.number().int(),
});

export const ZExportPricesResponse = zEnvelope(ZCsvExport);

export const ZImportPricesBody = ZCsvImportBody;

/**
 * One problem of a refused import, in the refusal's `errors`: the row as the file numbers it (the
 * header is row 1), the column when one is at fault.
 */
export const ZImportProblem = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

export const ZImportPricesResponse = zEnvelope(z.object({ imported: z.number().int() }));

/* SKUs as CSV: the export's columns are the import's (export-skus.ts). */

export const ZExportSkusResponse = zEnvelope(ZCsvExport);

export const ZImportSkusBody = ZCsvImportBody;

export const ZImportSkusResponse = zEnvelope(
  z.object({
    /** The SKU rows of the file, every one checked. */
    imported: z.number().int(),
    /** The SKUs the file changed; the other rows were as the SKUs are. */
    updated: z.number().int(),
  }),
);

/* Product rules (issue 34): the bodies are the domain's, shared with the admin screen. */

export {
  ZDeleteProductRuleBody,
  ZPreviewProductRuleBody,
  ZSaveProductRuleBody,
} from '../product-rules/admin-schemas.ts';

export const ZProductRulesResponse = zEnvelope(z.object({ rules: z.array(ZProductRuleView) }));
export const ZProductRuleResponse = zEnvelope(ZProductRuleView);
export const ZProductRuleDeleted = zDeletedEnvelope({ id: z.string() });
export const ZProductRulePreviewResponse = zEnvelope(ZProductRulePreview);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZSkuDetail, { id: 'CatalogSku' });
namedApiSchemas.add(ZHierarchyNode, { id: 'ProductLineNode' });
namedApiSchemas.add(ZPriceHistory, { id: 'PriceHistory' });
namedApiSchemas.add(ZProductRuleView, { id: 'ProductRule' });

export { MAX_IMPORT_BYTES } from '../api/csv-import-body.ts';

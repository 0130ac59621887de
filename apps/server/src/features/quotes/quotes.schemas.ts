// Kept whole: the quotes API contract, every request and response schema of its routes.
import { z } from 'zod';
import { MONEY_TEXT } from '@bastion/domain/pricing/slim-result';
import { MAX_ADJUSTED_UNIT_LIST_MINOR } from '@bastion/domain/pricing/pricing-limits';
import { PRICING_MESSAGES } from '@bastion/domain/pricing/pricing-messages';
import { ZLineAttributes, ZRuleOutcome } from '@bastion/domain/product-rules/schemas';
import { ZBundleOptionsView } from '@bastion/domain/catalog/bundle-options-schema';
import { RENEWAL_KINDS } from '@bastion/domain/renewals/model';
import { ZProratedSegment } from '@bastion/domain/renewals/schemas';
import { zRequiredText } from '@bastion/domain/validation/required-text';
import {
  zArchivableQuoteStatusFields,
  zEnvelope,
  zPageRequestFields,
  zSearchText,
} from '../../lib/envelope.ts';
import { ZJson } from '../../lib/zod-json.ts';
import { GRID_MODULE_NAMES } from './grid-modules.ts';

// The rename form checks with the same schema (packages/domain).
export { ZUpdateQuoteBody } from '@bastion/domain/quotes/schemas';

export const ZQuoteId = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
});

export const ZOpportunityId = zRequiredText(
  'Say which opportunity.',
  40,
  'That is not an opportunity id.',
).regex(/^[A-Za-z0-9_-]+$/, 'That is not an opportunity id.');

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
    /** Quote types the form does not offer for this account (app settings), with why. */
    unoffered_quote_types: z.array(z.object({ value: z.string(), reason: z.string() })),
  }),
);

const ADJUSTED_UNIT_LIST_MESSAGE = PRICING_MESSAGES.adjustedUnitList;

const ZLineDraft = z.object({
  id: z.uuid({ error: 'That is not a line of this quote.' }).optional(),
  key: z.string().min(1, 'Each line needs a key.').max(64),
  sku: z.string().trim().min(1, 'Choose a product.').max(60),
  quantities: z
    .array(
      z
        .number({ error: 'Quantity must be a whole number of 0 or more.' })
        .int('Quantity must be a whole number of 0 or more.')
        .min(0, 'Quantity must be a whole number of 0 or more.')
        .max(1_000_000, 'At most 1,000,000 of a product a year.'),
    )
    .min(1, 'Enter a quantity.')
    .max(5, 'A quote runs for at most 5 years.'),
  manual_discount_percent: z
    .string()
    .trim()
    .max(12)
    .regex(/^\d{1,3}(\.\d+)?$/, 'Discount must be between 0 and 100 %.')
    .optional(),
  parent_key: z.string().min(1).max(64).optional(),
  /** Issue 19: the unit list price typed for the line, minor units; null: the catalogue's. */
  adjusted_unit_list_minor: z
    .number({ error: ADJUSTED_UNIT_LIST_MESSAGE })
    .int(ADJUSTED_UNIT_LIST_MESSAGE)
    .min(0, ADJUSTED_UNIT_LIST_MESSAGE)
    .max(MAX_ADJUSTED_UNIT_LIST_MINOR, ADJUSTED_UNIT_LIST_MESSAGE)
    .nullable()
    .optional(),
  /** Issue 34: what the seller set on the line (high availability); absent: nothing set. */
  attributes: ZLineAttributes.optional(),
});

/** A 1,000-line ELA is a real deal; 5,000 is the most one quote takes. */
const ZLineDrafts = z.array(ZLineDraft).max(5000, 'A quote holds at most 5,000 lines.');

export const ZPriceDraftBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  lines: ZLineDrafts,
});

export const ZSaveConfigurationBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  lines: ZLineDrafts,
  advance: z.boolean().default(false),
});

const ZStep = z.object({
  step: z.string(),
  percent_bp: z.number().int().nullable(),
  amount_minor: z.number().int(),
  subtotal_minor: z.number().int(),
});

const ZPriceBlock = z.object({
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  price_minor: z.number().int(),
});

const ZAmounts = {
  list_minor: z.number().int(),
  adjustment_minor: z.number().int(),
  discount_minor: z.number().int(),
  net_minor: z.number().int(),
  cost_minor: z.number().int().nullable(),
  margin_minor: z.number().int().nullable(),
  margin_percent_bp: z.number().int().nullable(),
};

/** One line as the engine prices it (minor units, with its waterfall): the full result's lines. */
const ZPricedLine = z.object({
  ...ZAmounts,
  line_id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unit_list_price_minor: z.number().int(),
  /** Issue 19: the unit list price typed for the line; null: the catalogue's. */
  adjusted_unit_list_minor: z.number().int().nullable(),
  /** The effective discount (pricing/discount-names.ts): volume, partner and seller together. */
  effective_discount_percent_bp: z.number().int(),
  /** The seller discount: what the seller typed, beyond standard pricing. */
  seller_discount_percent_bp: z.number().int(),
  seller_discount_minor: z.number().int(),
  is_bundle: z.boolean(),
  parent_line_id: z.string().nullable(),
  rollup: z.object(ZAmounts).nullable(),
  /** Issue 18: a line priced from a contract (pricing/model.ts ContractPriceResult). */
  contract_price: z
    .object({
      prior_unit_net_minor: z.number().int(),
      uplift_bp: z.number().int(),
      renewal_unit_minor: z.number().int(),
      current_unit_list_minor: z.number().int(),
    })
    .nullable(),
  /** Issue 18: a line with a period, prorated by days (renewals/proration.ts Proration). */
  proration: z
    .object({
      segments: z.array(ZProratedSegment),
      amount_minor: z.number().int(),
    })
    .nullable(),
  /** Issue 35: how the unit list was worked out (pricing/model.ts PricingMethodResult). */
  pricing_method: z
    .object({
      method: z.enum(['PERCENT_OF_TOTAL', 'BLOCK', 'COST_PLUS']),
      percent_bp: z.number().int().nullable(),
      base_unit_minor: z.number().int().nullable(),
      covered_units: z.number().int().nullable(),
      bound: z.enum(['FLOOR', 'CEILING', 'NO_COVERED_LINE']).nullable(),
      block: ZPriceBlock.nullable(),
    })
    .nullable(),
  /** Issue 35: the kind of schedule the VOLUME step followed. */
  volume_schedule: z.enum(['RANGE', 'SLAB']),
  years: z.array(
    z.object({
      year: z.number().int(),
      quantity: z.number().int(),
      months: z.number().int(),
      list_minor: z.number().int(),
      net_minor: z.number().int(),
      cost_minor: z.number().int().nullable(),
      /** Issue 35: the unit LIST multiplied, and the quote's units VOLUME's schedule read. */
      unit_minor: z.number().int(),
      volume_quantity: z.number().int(),
      waterfall: z.array(ZStep),
    }),
  ),
});

/**
 * The engine's whole result: what the summary, documents and approvals read (minor units, every
 * line's waterfall). The configure page reads ZSlimPricingResult instead.
 */
const ZPriceBookRef = z.object({ id: z.string(), name: z.string() });

export const ZPricingResult = z.object({
  currency_code: z.string(),
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  price_book: ZPriceBookRef.nullable(),
  /** Issue 35: what changed under the quote since it was priced (its book, its rate). */
  notices: z.array(z.string()),
  years: z.number().int(),
  shows_margin: z.boolean(),
  net_usd_minor: z.number().int(),
  totals: z.object({
    ...ZAmounts,
    per_year: z.array(
      z.object({
        year: z.number().int(),
        list_minor: z.number().int(),
        net_minor: z.number().int(),
      }),
    ),
  }),
  lines: z.array(ZPricedLine),
});

const ZDecimalText = z.string().regex(MONEY_TEXT);

const isMoneyText = (item: unknown): item is string =>
  typeof item === 'string' && MONEY_TEXT.test(item);
const isText = (item: unknown): item is string => typeof item === 'string';

/**
 * An array whose every item passes `isItem`, checked in one loop: the serializer validates every
 * answer against its schema, and a schema per item (z.array(z.string())) costs milliseconds
 * over the tens of thousands of figures of a large quote.
 */
const zColumn = <T>(isItem: (item: unknown) => item is T) =>
  z.custom<T[]>((value) => Array.isArray(value) && value.every(isItem));
const ZDecimalColumn = zColumn(isMoneyText);

/**
 * The configure page's pricing answer (pricing/slim-result.ts SlimPricingResult): columns of
 * decimal text, each figure once, no waterfall. Kept lean on purpose: the serializer validates
 * the answer against it, and a 1,000-line ELA's answer holds some 15,000 figures.
 */
export const ZSlimPricingResult = z.object({
  currency_code: z.string(),
  price_book: ZPriceBookRef.nullable(),
  notices: z.array(z.string()),
  years: z.number().int(),
  shows_margin: z.boolean(),
  net_usd: ZDecimalText,
  totals: z.object({
    list: ZDecimalText,
    adjustment: ZDecimalText,
    discount: ZDecimalText,
    net: ZDecimalText,
    /** Present only when shows_margin. */
    cost: ZDecimalText.nullable().optional(),
    margin: ZDecimalText.nullable().optional(),
    margin_percent: z.string().nullable().optional(),
    years: z.object({ list: ZDecimalColumn, net: ZDecimalColumn }),
  }),
  lines: z.object({
    line_id: zColumn(isText),
    unit_list: ZDecimalColumn,
    adjusted_unit_list: zColumn((item) => item === null || isMoneyText(item)),
    /** The effective discount; seller_discount_percent: the seller discount (discount-names.ts). */
    discount_percent: zColumn(isText),
    seller_discount_percent: zColumn(isText),
    list: ZDecimalColumn,
    net: ZDecimalColumn,
    is_bundle: zColumn((item) => typeof item === 'boolean'),
    /** Present only when shows_margin: each line's cost, margin and margin %. */
    cost: zColumn((item) => item === null || isMoneyText(item)).optional(),
    margin: zColumn((item) => item === null || isMoneyText(item)).optional(),
    margin_percent: zColumn((item) => item === null || isText(item)).optional(),
    years: z.object({
      quantity: zColumn(
        (item): item is number[] => Array.isArray(item) && item.every(Number.isSafeInteger),
      ),
      net: zColumn((item): item is string[] => Array.isArray(item) && item.every(isMoneyText)),
    }),
  }),
});

/** The prices, and what the product rules say of the lines (issue 34). */
export const ZPriceDraftResponse = zEnvelope(ZSlimPricingResult.extend(ZRuleOutcome));

export const ZExplainLineBody = ZPriceDraftBody.extend({
  /** The key the line has in `lines`. */
  line_key: z.string().min(1, 'Say which line.').max(64),
});

/** One line's price explained: the engine's line, with each year's waterfall. */
export const ZExplainLineResponse = zEnvelope(
  z.object({ currency_code: z.string(), shows_margin: z.boolean(), line: ZPricedLine }),
);

const zPricingOutcome = <R extends z.ZodType>(result: R) =>
  z
    .discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), result }),
      z.object({
        ok: z.literal(false),
        errors: z.array(
          z.object({ line_id: z.string().optional(), field: z.string(), message: z.string() }),
        ),
      }),
    ])
    .nullable();

const ZConfiguration = z.object({
  quote: ZQuoteView,
  years: z.number().int(),
  price_date: z.string(),
  is_read_only: z.boolean(),
  /** Why the products cannot change, for the page to say; null when they can. */
  read_only_reason: z.string().nullable(),
  needs_shipping_realignment: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      sku: z.string(),
      name: z.string(),
      kind: z.string(),
      billing: z.string(),
      is_shippable: z.boolean(),
      is_active: z.boolean(),
      pricing_model: z.string().nullable(),
      size: z.string().nullable(),
      parent_line_id: z.string().nullable(),
      quantities: z.array(z.number().int()),
      manual_discount_percent: z.string(),
      /** Issue 19: the unit list price typed for the line; null: the catalogue's. */
      adjusted_unit_list_minor: z.number().int().nullable(),
      needs_shipping_realignment: z.boolean(),
      /** Issue 34: what the seller set on the line. */
      attributes: ZLineAttributes,
      /** Issue 34: the SKU can be sold as a high-availability pair (the line offers the switch). */
      ha_capable: z.boolean(),
    }),
  ),
  /** Issue 34: what the product rules say of the stored lines (by line id). */
  ...ZRuleOutcome,
  /** Issue 34: the configurable bundles on the quote, with their option groups and options. */
  bundle_options: z.array(ZBundleOptionsView),
  secure_access: z.record(z.string(), z.unknown()).nullable(),
  /** Issue 19: unit list prices may be typed (app setting price_adjustment on). */
  can_adjust_unit_list_price: z.boolean(),
  /** The stored lines priced, as the configure page reads them (the summary: in full). */
  pricing: zPricingOutcome(ZSlimPricingResult),
});

export const ZConfigurationResponse = zEnvelope(ZConfiguration);

/** The secure-access configuration (spec §3): a model, a SKU type and whole-number counts. */
export const ZSaveSecureAccessBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  config: z
    .record(
      z
        .string()
        .regex(
          /^(pricing_model|sku_type|number_of_(access_points|devices_per_lap|local_access_points_(xs|s|m|l))_(1|y_[1-5]))$/,
          'That is not a secure-access setting.',
        ),
      z.union([z.number(), z.string().max(60), z.null()]),
      { error: 'Send the sizing as an object.' },
    )
    .refine((config) => Object.keys(config).length <= 60, 'Too many settings.'),
});

const ZCount = z
  .number({ error: 'Quantities are whole numbers of 0 or more.' })
  .int('Quantities are whole numbers of 0 or more.')
  .min(0, 'Quantities are whole numbers of 0 or more.')
  .max(1_000_000, 'At most 1,000,000.');

export const ZSaveShippingBody = z.object({
  id: z.uuid({ error: 'That is not a quote id.' }),
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  products: z
    .array(
      z.object({
        line_id: z.uuid({ error: 'That is not a line of this quote.' }),
        manual_shipping_quantities: z.array(ZCount.nullable()).max(5),
      }),
    )
    .max(5000),
  lines: z
    .array(
      z.object({
        line_id: z.uuid({ error: 'That is not a line of this quote.' }),
        region: z.string().trim().max(40).optional(),
        incoterm: z.string().trim().max(40).optional(),
        quantity: ZCount.nullable().optional(),
        years: z.array(ZCount.nullable()).max(5).optional(),
      }),
    )
    .max(20_000, 'At most 20,000 shipping lines.'),
  advance: z.boolean().default(false),
});

const ZOption = z.object({ value: z.string(), label: z.string(), family: z.string().optional() });

const ZShippingData = z.object({
  quote: ZQuoteView,
  years: z.number().int(),
  is_read_only: z.boolean(),
  needs_configuration: z.boolean(),
  needs_realignment: z.boolean(),
  products: z.array(
    z.object({
      line_id: z.string(),
      sku: z.string(),
      name: z.string(),
      quantities: z.array(z.number().int()),
      manual_shipping_quantities: z.array(z.number().int().nullable()),
      needs_realignment: z.boolean(),
    }),
  ),
  lines: z.array(
    z.object({
      id: z.string(),
      line_id: z.string(),
      region: z.string(),
      incoterm: z.string(),
      quantity: z.number().int().nullable(),
      years: z.array(z.number().int()).nullable(),
    }),
  ),
  regions: z.array(ZOption),
  incoterms: z.array(ZOption),
  errors: z.record(z.string(), z.string()),
});

export const ZShippingResponse = zEnvelope(ZShippingData);

export const ZSummaryResponse = zEnvelope(
  ZConfiguration.extend({
    /** The engine's whole result: the summary shows every line's figures. */
    pricing: zPricingOutcome(ZPricingResult),
    is_legacy: z.boolean(),
    header: z.object({
      customer: z.string(),
      opportunity_id: z.string().nullable(),
      opportunity_name: z.string().nullable(),
      quote_type: z.string(),
      deal_type: z.string(),
      sales_channel: z.string(),
      partner: z.string().nullable(),
      distributor: z.string().nullable(),
      currency_code: z.string(),
      contract_length: z.number().int(),
      contract_start_date: z.string().nullable(),
      contract_end_date: z.string().nullable(),
      payment_term: z.string().nullable(),
      sla: z.string().nullable(),
      contracting_entity: z.string().nullable(),
      region: z.string(),
    }),
    /** A renewal, co-term or true-up quote: what it renews and drops (issue 18); else null. */
    renewal: z
      .object({
        kind: z.enum(RENEWAL_KINDS),
        contract_numbers: z.array(z.string()),
        term_start: z.string(),
        term_end: z.string(),
        drops: z.array(
          z.object({ sku: z.string(), quantity: z.number().int(), reason: z.string() }),
        ),
      })
      .nullable(),
    shipping: z
      .object({
        products: ZShippingData.shape.products,
        lines: ZShippingData.shape.lines,
        regions: ZShippingData.shape.regions,
        incoterms: ZShippingData.shape.incoterms,
      })
      .nullable(),
    actions: z.object({
      can_edit: z.boolean(),
      can_see_history: z.boolean(),
      can_download_docx: z.boolean(),
      /** Whether the caller may open the configure, shipping and terms pages of this quote. */
      can_open_flow_pages: z.boolean(),
    }),
  }),
);

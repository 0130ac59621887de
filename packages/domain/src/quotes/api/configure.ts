import { z } from 'zod';
import { namedApiSchemas } from '../../api/named-schemas.ts';
import { ZLineAttributes, ZRuleOutcome } from '../../product-rules/schemas.ts';
import { ZBundleOptionsView } from '../../catalog/bundle-options-schema.ts';
import { RENEWAL_KINDS } from '../../renewals/model.ts';
import { zEnvelope } from '../../api/envelope.ts';
import { ZQuoteView } from './quote.ts';
import { ZPricingResult, ZSlimPricingResult, zPricingOutcome } from './pricing.ts';

/* The configure, shipping and summary pages of a quote: what they read and save. */

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

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZConfiguration, { id: 'QuoteConfiguration' });
namedApiSchemas.add(ZBundleOptionsView, { id: 'BundleOptions' });

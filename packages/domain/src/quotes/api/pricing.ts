import { z } from 'zod';
import { namedApiSchemas } from '../../api/named-schemas.ts';
import { WATERFALL_STEPS } from '../../pricing/model.ts';
import { MONEY_TEXT } from '../../pricing/slim-result.ts';
import { MAX_ADJUSTED_UNIT_LIST_MINOR } from '../../pricing/pricing-limits.ts';
import { PRICING_MESSAGES } from '../../pricing/pricing-messages.ts';
import {
  ZLineAttributes,
  ZRuleAction,
  ZRuleMessage,
  ZRuleOutcome,
} from '../../product-rules/schemas.ts';
import { ZProratedSegment } from '../../renewals/schemas.ts';
import { zEnvelope } from '../../api/envelope.ts';

/* Pricing a quote's lines as drafted: the requests and the engine's answers. */

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
  /** The engine's steps, in its order (pricing/model.ts WATERFALL_STEPS). */
  step: z.enum(WATERFALL_STEPS),
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

export const zPricingOutcome = <R extends z.ZodType>(result: R) =>
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

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZPricingResult, { id: 'PricingResult' });
namedApiSchemas.add(ZSlimPricingResult, { id: 'SlimPricingResult' });
namedApiSchemas.add(ZPricedLine, { id: 'PricedLine' });
namedApiSchemas.add(ZRuleAction, { id: 'ProductRuleAction' });
namedApiSchemas.add(ZRuleMessage, { id: 'ProductRuleMessage' });

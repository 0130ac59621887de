import { z } from 'zod';
import { OPTION_SELECTIONS } from './bundle-options.ts';
import { zRequiredText } from '../validation/required-text.ts';
import { BILLING_TYPES } from '../pricing/model.ts';
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { LAP_SIZES, PRICING_MODELS } from '../validation/secure-access.ts';
import { parseUnitPrice } from './price-text.ts';
import { ZSkuAttributes } from '../product-rules/schemas.ts';
import { FORM_FACTORS, PORT_TYPES, SEGMENTS, type SkuAttributes } from '../product-rules/model.ts';

/*
 * What catalogue admins send (POST /api/admin/catalog/…): the server validates the requests with
 * these schemas, and the admin forms validate with the same ones (or with form schemas built here
 * from the same pieces), so the browser says what the server would say.
 */

/** The product family whose subscriptions are sized and priced by a secure-access model. */
export const SECURE_ACCESS_FAMILY = 'SECURE_ACCESS';

export const SKU_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,39}$/;
const SKU_CODE_MESSAGE =
  'A SKU code is 2 to 40 capital letters, digits and dashes, starting with a letter or digit (like BX-1200-HW).';

/** A SKU code as typed: trimmed and upper-cased before the pattern is checked. */
export const ZSkuCode = z
  .string({ error: 'Enter the SKU code.' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter the SKU code.')
  .regex(SKU_CODE_PATTERN, SKU_CODE_MESSAGE);

/** An existing SKU to look up: any stored code, so an odd legacy one can still be opened. */
export const ZSkuRef = zRequiredText('Say which SKU.', 64, 'That is not a SKU code.');

export const ZNodeId = (message: string) => z.uuid({ error: message });

export const ZDate = (label: string) =>
  z.iso.date({ error: `${label}: dates look like 2027-01-01.` });

const ZCurrencyCode = z
  .string({ error: 'Choose the currency.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO code such as USD.');

/* A SKU. */

const SIZE_MESSAGE = 'The size is xs, s, m or l.';
const PRICING_MODEL_MESSAGE = `The pricing model is ${PRICING_MODELS.join(' or ')}.`;

/** The fields a SKU is saved with, but its size and pricing model (null or text, see below). */
const ZSkuFields = {
  sku: ZSkuCode,
  name: zRequiredText('Enter the SKU name.', 200, 'The name is too long (at most 200 characters).'),
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
  family_id: zRequiredText('Choose the product family.', 40, 'There is no such product family.'),
  hierarchy_node_id: ZNodeId('Choose where the SKU sits in the product hierarchy.'),
  is_shippable: z.boolean({ error: 'Shippable is true or false.' }).default(false),
  is_active: z.boolean({ error: 'Active is true or false.' }).default(true),
  /** The SKU a renewal may migrate this one to (issue 18); null: none. */
  successor_sku: ZSkuCode.nullable().default(null),
  /** Issue 34: what product rules read of the SKU; absent on a change: left as it is. */
  attributes: ZSkuAttributes.optional(),
};

/** Only secure-access SKUs have a pricing model, and then a size too. */
function checkSecureAccess(
  sku: { family_id: string; size: string | null; pricing_model: string | null },
  context: z.RefinementCtx,
) {
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
}

export const ZSaveSkuBody = z
  .object({
    /** True to add a SKU with this code; false to change the SKU that has it. */
    is_new: z.boolean({ error: 'Say whether this is a new SKU (is_new).' }),
    ...ZSkuFields,
    size: z.enum(LAP_SIZES, { error: SIZE_MESSAGE }).nullable().default(null),
    pricing_model: z
      .enum(PRICING_MODELS, { error: PRICING_MODEL_MESSAGE })
      .nullable()
      .default(null),
  })
  .superRefine(checkSecureAccess);
export type SaveSkuInput = z.infer<typeof ZSaveSkuBody>;

/**
 * The attributes as the SKU form holds them: '' for a value not set, HA-capable as '' / 'yes' /
 * 'no'; the server's schema checks what they become.
 */
export const ZSkuAttributesForm = z
  .object({
    model: z.string().trim(),
    form_factor: z.enum(['', ...FORM_FACTORS]),
    segment: z.enum(['', ...SEGMENTS]),
    port_types: z.array(z.enum(PORT_TYPES)),
    support_tier: z.string().trim(),
    ha_capable: z.enum(['', 'yes', 'no']),
  })
  .transform((form): SkuAttributes => ({
    ...(form.model ? { model: form.model } : {}),
    ...(form.form_factor ? { form_factor: form.form_factor } : {}),
    ...(form.segment ? { segment: form.segment } : {}),
    ...(form.port_types.length > 0 ? { port_types: form.port_types } : {}),
    ...(form.support_tier ? { support_tier: form.support_tier } : {}),
    ...(form.ha_capable ? { ha_capable: form.ha_capable === 'yes' } : {}),
  }))
  .pipe(ZSkuAttributes);
export type SkuAttributesFormValues = z.input<typeof ZSkuAttributesForm>;

/** A SKU's attributes as the form starts from them. */
export const skuAttributesFormValues = (
  attributes: SkuAttributes | undefined,
): SkuAttributesFormValues => ({
  model: attributes?.model ?? '',
  form_factor: attributes?.form_factor ?? '',
  segment: attributes?.segment ?? '',
  port_types: [...(attributes?.port_types ?? [])],
  support_tier: attributes?.support_tier ?? '',
  ha_capable: attributes?.ha_capable === undefined ? '' : attributes.ha_capable ? 'yes' : 'no',
});

/**
 * The SKU form: size and pricing model are '' for none, and only a secure-access SKU keeps its
 * pricing model (and only a pricing model keeps a size), as the form shows them.
 */
export const ZSkuForm = z
  .object({
    ...ZSkuFields,
    attributes: ZSkuAttributesForm,
    size: z.enum(['', ...LAP_SIZES], { error: SIZE_MESSAGE }),
    pricing_model: z.enum(['', ...PRICING_MODELS], { error: PRICING_MODEL_MESSAGE }),
  })
  .transform((sku) => {
    const pricingModel =
      sku.family_id === SECURE_ACCESS_FAMILY && sku.pricing_model !== '' ? sku.pricing_model : null;
    return {
      ...sku,
      pricing_model: pricingModel,
      size: pricingModel !== null && sku.size !== '' ? sku.size : null,
    };
  })
  .superRefine(checkSecureAccess);
export type SkuFormValues = z.input<typeof ZSkuForm>;

/* A bundle's components. */

export const MAX_BUNDLE_COMPONENTS = 50;
export const MAX_COMPONENT_QUANTITY = 1000;
const QUANTITY_MESSAGE = `The quantity is a whole number from 1 to ${MAX_COMPONENT_QUANTITY}.`;

const ZComponentQuantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_COMPONENT_QUANTITY, QUANTITY_MESSAGE);

/** A component's quantity as typed: whole digits only, then the server's check. */
export const ZComponentQuantityText = z
  .string()
  .trim()
  .regex(/^\d+$/, QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(ZComponentQuantity);

export const MAX_BUNDLE_FEATURES = 10;
const COUNT_MESSAGE = `A count is a whole number from 0 to ${MAX_BUNDLE_COMPONENTS}.`;
const ZOptionCount = z
  .number({ error: COUNT_MESSAGE })
  .int(COUNT_MESSAGE)
  .min(0, COUNT_MESSAGE)
  .max(MAX_BUNDLE_COMPONENTS, COUNT_MESSAGE);
const ZFeatureName = z
  .string({ error: 'Name the option group.' })
  .trim()
  .min(1, 'Name the option group.')
  .max(60, 'An option group’s name is at most 60 characters.');

/** A group's most, when it has one, is at least 1 and at least its fewest. */
const hasSensibleCap = (feature: { min_options: number; max_options: number | null }) =>
  feature.max_options === null || feature.max_options >= Math.max(feature.min_options, 1);
const CAP_PROBLEM = {
  path: ['max_options'],
  message: 'The most must be at least 1 and at least the fewest.',
  // Only between two readable counts: a bad fewest has its own message.
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** An option group of a bundle: how many of its options the bundle takes. */
export const ZBundleFeatureInput = z
  .object({
    name: ZFeatureName,
    min_options: ZOptionCount,
    /** Null: no cap. */
    max_options: ZOptionCount.nullable(),
  })
  .refine(hasSensibleCap, CAP_PROBLEM);
export type BundleFeatureInput = z.infer<typeof ZBundleFeatureInput>;

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
        quantity: ZComponentQuantity,
        /** Issue 34: the option group (a feature's name) it belongs to; null or absent: none. */
        feature: ZFeatureName.nullable().default(null),
        /** REQUIRED (always on), DEFAULT (on until taken off) or OPTIONAL; absent: REQUIRED. */
        selection: z
          .enum(OPTION_SELECTIONS, {
            error: `The selection is one of ${OPTION_SELECTIONS.join(', ')}.`,
          })
          .default('REQUIRED'),
      }),
      { error: 'Send the components as a list.' },
    )
    .min(1, 'A bundle needs at least one component.')
    .max(MAX_BUNDLE_COMPONENTS, `A bundle holds at most ${MAX_BUNDLE_COMPONENTS} components.`),
  /**
   * Issue 34: the bundle's option groups, in the order the configurator shows them; none (or
   * absent) keeps a fixed bundle, whose components all come with it.
   */
  features: z
    .array(ZBundleFeatureInput, { error: 'Send the option groups as a list.' })
    .max(MAX_BUNDLE_FEATURES, `A bundle has at most ${MAX_BUNDLE_FEATURES} option groups.`)
    .default([]),
});
export type SaveBundleComponentsInput = z.infer<typeof ZSaveBundleComponentsBody>;

/** A count as typed in the bundle editor: whole digits, then the server's check. */
const ZOptionCountText = z
  .string()
  .trim()
  .regex(/^\d+$/, COUNT_MESSAGE)
  .transform(Number)
  .pipe(ZOptionCount);

/**
 * The bundle editor's form (decision 019): quantities and counts as typed, a blank most for no
 * cap, and each component's group by the group's `key`, an id of the form's own, so renaming a
 * group keeps its options in it. Its output is the save's body without the bundle's code.
 */
export const ZBundleComponentsForm = z
  .object({
    components: z
      .array(
        z.object({
          sku: z.string(),
          quantity: ZComponentQuantityText,
          /** The key of its group; '' for none. */
          feature: z.string(),
          selection: z.enum(OPTION_SELECTIONS),
        }),
      )
      .min(1, 'A bundle needs at least one component.')
      .max(MAX_BUNDLE_COMPONENTS, `A bundle holds at most ${MAX_BUNDLE_COMPONENTS} components.`),
    features: z
      .array(
        z
          .object({
            key: z.string(),
            name: ZFeatureName,
            min_options: ZOptionCountText,
            max_options: z
              .string()
              .trim()
              .transform((text) => (text === '' ? null : text))
              .pipe(ZOptionCountText.nullable()),
          })
          .refine(hasSensibleCap, CAP_PROBLEM),
      )
      .max(MAX_BUNDLE_FEATURES, `A bundle has at most ${MAX_BUNDLE_FEATURES} option groups.`),
  })
  .transform(({ components, features }) => {
    const names = new Map(features.map((feature) => [feature.key, feature.name]));
    return {
      components: components.map((component) => ({
        sku: component.sku,
        quantity: component.quantity,
        feature: names.get(component.feature) ?? null,
        selection: component.selection,
      })),
      features: features.map((feature) => ({
        name: feature.name,
        min_options: feature.min_options,
        max_options: feature.max_options,
      })),
    };
  });
export type BundleComponentsFormValues = z.input<typeof ZBundleComponentsForm>;

/* The product hierarchy. */

const ZNodeName = zRequiredText(
  'Enter the name of the product line.',
  120,
  'The name is too long (at most 120 characters).',
);

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

/** The move form: '' is the top level. */
export const ZMoveNodeForm = ZMoveNodeBody.extend({
  parent_id: z
    .string()
    .transform((id) => (id === '' ? null : id))
    .pipe(ZNodeId('That is not a product line.').nullable()),
});

/* Prices. */

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

import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { zRequiredText } from '../validation/required-text.ts';
import { RENDERERS, RULE_EFFECTS, type FormRecipe } from './recipe.ts';
import { ZLookupValueLabel } from './schemas.ts';
import { zEnvelope } from '../api/envelope.ts';
import { ZJson } from '../api/json.ts';

const fieldProps = {
  field1: z.string().optional(),
  field2: z.string().optional(),
  label: z.string(),
  renderer: z.enum(RENDERERS).optional(),
  is_required: z.boolean().optional(),
  is_optional: z.boolean().optional(),
  is_disabled: z.boolean().optional(),
  is_hidden: z.boolean().optional(),
  pattern: z.string().optional(),
  invalid_msg: z.string().optional(),
  err_key: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  default_value: ZJson.optional(),
  col_class_name: z.string().optional(),
  reset_value_for: z.array(z.string()).optional(),
  lookup: z.string().optional(),
  placeholder: z.string().optional(),
  help_text: z.string().optional(),
};

const ZFormField = z.object({ field: z.string(), ...fieldProps });

const ZFormRule = z.object({
  type: z.enum(['condition', 'expression']).optional(),
  op: z.string(),
  source: z.string().optional(),
  val: ZJson.optional(),
  target: z.union([z.string(), z.array(z.string())]),
  effect: z.enum(RULE_EFFECTS),
  new_props: z.object(fieldProps).partial().optional(),
  family: z.string().optional(),
});

export const ZFormRecipe = z.object({
  initial_state: z.record(z.string(), ZJson.optional()),
  rows: z.array(z.array(ZFormField)),
  rules: z.array(ZFormRule),
}) satisfies z.ZodType<FormRecipe>;

const ZLookupOption = z.object({
  value: z.string(),
  label: z.string(),
  family: z.string().optional(),
});

const ZFormName = zRequiredText('Say which form.', 100, 'The form name is too long.');

export const ZGetFormBody = z.object({ name: ZFormName });

export const ZFormDefinitionResponse = zEnvelope(
  z.object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    version: z.number().int(),
    recipe: ZFormRecipe,
    lookups: z.record(z.string(), z.array(ZLookupOption).readonly()),
  }),
);

export const ZValidateFormBody = z.object({
  name: ZFormName,
  values: z.record(z.string(), ZJson, { error: 'Send the form values as an object.' }),
});

export const ZValidateFormResponse = zEnvelope(
  z.object({ valid: z.literal(true), payload: z.record(z.string(), ZJson.optional()) }),
);

export const ZFormListResponse = zEnvelope(
  z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      version: z.number().int(),
      updated_at: z.string(),
    }),
  ),
);

/*
 * The lookup lists forms and screens offer (issue 6: "regions and incoterms from admin-editable
 * lookups"). Admins add values, relabel, retire and reorder them; the lists themselves come with
 * the product, and a value's code never changes once saved (quotes store it).
 */

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _./&+-]{0,39}$/;
const CODE_RULE =
  'up to 40 letters, digits, spaces and _ . / & + -, starting with a letter or digit';

export const ZLookupName = z
  .string({ error: 'Say which list.' })
  .trim()
  .min(1, 'Say which list.')
  .regex(
    /^[a-z][a-z0-9_]{1,39}$/,
    'A list name has 2 to 40 lower-case letters, digits and "_", starting with a letter.',
  );

const ZLookupCode = z
  .string({ error: 'Enter a code.' })
  .trim()
  .min(1, 'Enter a code.')
  .regex(CODE_PATTERN, `A code has ${CODE_RULE}.`);

export const ZSaveLookupValueBody = z.object({
  lookup: ZLookupName,
  value: ZLookupCode,
  label: ZLookupValueLabel,
  /** Groups values for FILTER_LOOKUP rules; left out: unchanged (none for a new value). */
  family: z
    .string({ error: 'A family is text, or null for none.' })
    .trim()
    .regex(new RegExp(`^$|${CODE_PATTERN.source}`), `A family has ${CODE_RULE}.`)
    .transform((family) => (family === '' ? null : family))
    .nullable()
    .optional(),
  /** Left out: unchanged, or after the last value for a new one. */
  sort_order: z
    .number({ error: 'The order is a whole number from 0 to 10000.' })
    .int('The order is a whole number from 0 to 10000.')
    .min(0, 'The order is a whole number from 0 to 10000.')
    .max(10_000, 'The order is a whole number from 0 to 10000.')
    .optional(),
  is_active: z.boolean({ error: 'Say whether people can choose the value (is_active).' }),
});
export type SaveLookupValueInput = z.infer<typeof ZSaveLookupValueBody>;

export const ZMoveLookupValueBody = z.object({
  lookup: ZLookupName,
  value: ZLookupCode,
  direction: z.enum(['up', 'down'], { error: 'Say which way to move the value: up or down.' }),
});
export type MoveLookupValueInput = z.infer<typeof ZMoveLookupValueBody>;

export const ZLookupValue = z.object({
  value: z.string(),
  label: z.string(),
  family: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type LookupValue = z.infer<typeof ZLookupValue>;

export const ZLookupList = z.object({
  lookup: z.string(),
  /** In display order: sort_order, then code. Inactive values too, which forms no longer offer. */
  values: z.array(ZLookupValue),
});
export type LookupList = z.infer<typeof ZLookupList>;

export const ZLookupListsResponse = zEnvelope(z.array(ZLookupList));

export const ZSavedLookupValueResponse = zEnvelope(
  ZLookupValue.extend({ lookup: z.string(), is_created: z.boolean() }),
);

export const ZLookupListResponse = zEnvelope(ZLookupList);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZLookupList, { id: 'LookupList' });

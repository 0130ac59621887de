import { z } from 'zod';
import { RENDERERS, RULE_EFFECTS, type FormRecipe } from '@bastion/domain/forms/recipe';
import { zEnvelope } from '../../lib/envelope.ts';
import { ZJson } from '../../lib/zod-json.ts';

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

const ZFormName = z
  .string({ error: 'Say which form.' })
  .trim()
  .min(1, 'Say which form.')
  .max(100, 'The form name is too long.');

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

import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { RULE_KINDS, RULE_SCOPES } from './model.ts';
import { ZRuleAction, ZRuleMessage } from './schemas.ts';

/*
 * What the product-rule admin sends and is answered (issue 34): the server's routes and the
 * admin screen validate with these. The shape checks are here; checkRule (check-rule.ts) checks
 * the rest against the catalogue and names the part it refuses.
 */

const ZRuleId = z.uuid({ error: 'That is not a product rule id.' });
const ZRuleVersion = z
  .number({ error: 'Send the version of the product rule you opened.' })
  .int()
  .min(1, 'Send the version of the product rule you opened.');
const ZDay = (label: string) =>
  z.iso.date({ error: `${label}: dates look like 2027-01-01.` }).nullable();

/** The rule as the editor holds it, saved or not. */
export const ZProductRuleFields = {
  name: zRequiredText('Give the rule a name.', 120, 'A name has at most 120 characters.'),
  description: z.string().trim().max(500, 'A description has at most 500 characters.').default(''),
  kind: z.enum(RULE_KINDS, { error: `A rule is one of ${RULE_KINDS.join(', ')}.` }),
  is_active: z.boolean({ error: 'Say whether the rule is active.' }).default(true),
  priority: z
    .number({ error: 'The priority is a whole number from 0 to 10,000.' })
    .int('The priority is a whole number from 0 to 10,000.')
    .min(0, 'The priority is a whole number from 0 to 10,000.')
    .max(10_000, 'The priority is a whole number from 0 to 10,000.')
    .default(100),
  effective_from: ZDay('Effective from').default(null),
  effective_to: ZDay('Effective to').default(null),
  scope: z.enum(RULE_SCOPES, { error: `The scope is one of ${RULE_SCOPES.join(', ')}.` }),
  /** Any JSON: checkRule says what is wrong with it and where. */
  condition: z.unknown(),
  message: z
    .string({ error: 'The message is text.' })
    .max(500, 'A message has at most 500 characters.')
    .default(''),
  severity: z
    .enum(['error', 'warning'], { error: 'A validation rule is an error or a warning.' })
    .optional(),
  apply: z
    .enum(['offer', 'automatic'], { error: 'A selection rule is offered or automatic.' })
    .optional(),
  actions: z
    .array(z.unknown(), { error: 'Send the actions as a list.' })
    .max(20, 'A rule has at most 20 actions.')
    .default([]),
};

export const ZSaveProductRuleBody = z.object({
  id: ZRuleId.optional(),
  version: ZRuleVersion.optional(),
  ...ZProductRuleFields,
});
export type SaveProductRuleInput = z.infer<typeof ZSaveProductRuleBody>;

export const ZDeleteProductRuleBody = z.object({ id: ZRuleId, version: ZRuleVersion });

export const ZPreviewProductRuleBody = z.object({
  ...ZProductRuleFields,
  quote_number: zRequiredText(
    'Enter the quote number to test against.',
    40,
    'That is not a quote number.',
  ),
});
export type PreviewProductRuleInput = z.infer<typeof ZPreviewProductRuleBody>;

/** A stored rule as the admin sees it. */
export const ZProductRuleView = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(RULE_KINDS),
  is_active: z.boolean(),
  priority: z.number().int(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  scope: z.string(),
  condition: z.unknown(),
  message: z.string(),
  severity: z.string().nullable(),
  apply: z.string().nullable(),
  actions: z.array(z.unknown()),
  /** Why the rule no longer holds against the catalogue (it is skipped); null when it does. */
  problem: z.string().nullable(),
  /**
   * The rule failed while evaluating a quote since it was last saved: skipped there (spec §4's
   * policy for form rules); null when it has not.
   */
  failure: z.object({ message: z.string(), failed_at: z.string() }).nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ProductRuleView = z.infer<typeof ZProductRuleView>;

/** "Test against a quote": what the rule, as it stands in the editor, says of a quote's lines. */
export const ZProductRulePreview = z.object({
  quote: z.object({
    id: z.string(),
    quote_number: z.string(),
    quote_name: z.string(),
    /** The quote's lines, by id: the messages name them. */
    lines: z.array(
      z.object({ id: z.string(), sku: z.string(), quantities: z.array(z.number().int()) }),
    ),
  }),
  messages: z.array(ZRuleMessage),
  actions: z.array(ZRuleAction),
  /** What an automatic selection would change, in order. */
  applied: z.array(ZRuleAction),
  /** A filter's hidden SKUs: how many, and the first of them. */
  hidden_sku_count: z.number().int(),
  hidden_skus: z.array(z.string()),
  /** Why the rule failed on this quote, when it did. */
  broken: z.string().nullable(),
});
export type ProductRulePreview = z.infer<typeof ZProductRulePreview>;

const PRIORITY_MESSAGE = 'The priority is a whole number from 0 to 10,000.';
const zFormDay = (label: string) =>
  z
    .union([z.literal(''), z.iso.date({ error: `${label}: dates look like 2027-01-01.` })])
    .transform((day) => (day === '' ? null : day));

/**
 * The rule editor's fields as typed (the condition and the actions are edited beside them):
 * the priority as text, a date left empty for none. It gives what ZSaveProductRuleBody takes.
 */
export const ZProductRuleForm = z.object({
  name: ZProductRuleFields.name,
  description: ZProductRuleFields.description,
  kind: ZProductRuleFields.kind,
  is_active: z.boolean(),
  priority: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, PRIORITY_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(10_000, PRIORITY_MESSAGE)),
  effective_from: zFormDay('Effective from'),
  effective_to: zFormDay('Effective to'),
  scope: ZProductRuleFields.scope,
  message: z.string().max(500, 'A message has at most 500 characters.'),
  severity: z.enum(['error', 'warning']),
  apply: z.enum(['offer', 'automatic']),
  /** Built beside the fields (condition builder, action rows); checked by the server. */
  condition: z.unknown(),
  actions: z.array(z.unknown()),
});
export type ProductRuleFormValues = z.input<typeof ZProductRuleForm>;

import { z } from 'zod';
import {
  FORM_FACTORS,
  PORT_TYPES,
  SEGMENTS,
  type LineAttributes,
  type OfferedAction,
  type SkuAttributes,
} from './model.ts';

/*
 * The contract of product rules on the wire and in storage: a SKU's attributes (catalogue), a
 * line's attributes (configure page), and what the pricing pass answers of the rules.
 */

const ZOpenValue = (label: string) =>
  z
    .string({ error: `${label} is text.` })
    .trim()
    .min(1, `${label}: leave it out rather than empty.`)
    .max(40, `${label} is at most 40 characters.`);

/** A SKU's attributes as an admin sends them and the catalogue stores them. */
export const ZSkuAttributes = z.strictObject(
  {
    model: ZOpenValue('Model').optional(),
    form_factor: z
      .enum(FORM_FACTORS, { error: `Form factor is one of ${FORM_FACTORS.join(', ')}.` })
      .optional(),
    segment: z.enum(SEGMENTS, { error: `Segment is one of ${SEGMENTS.join(', ')}.` }).optional(),
    port_types: z
      .array(z.enum(PORT_TYPES, { error: `Port types are among ${PORT_TYPES.join(', ')}.` }))
      .max(PORT_TYPES.length)
      .refine((types) => new Set(types).size === types.length, 'A port type is listed twice.')
      .optional(),
    support_tier: ZOpenValue('Support tier').optional(),
    ha_capable: z.boolean({ error: 'HA-capable is true or false.' }).optional(),
  },
  { error: 'Attributes are model, form_factor, segment, port_types, support_tier and ha_capable.' },
) satisfies z.ZodType<SkuAttributes>;

/** Stored attributes as rules read them: a row the schema no longer accepts reads as none. */
export function storedSkuAttributes(value: unknown): z.infer<typeof ZSkuAttributes> {
  const parsed = ZSkuAttributes.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** What a seller sets on a quote line. */
export const ZLineAttributes = z.strictObject(
  { high_availability: z.boolean({ error: 'High availability is on or off.' }).default(false) },
  { error: 'A line attribute is high_availability.' },
) satisfies z.ZodType<LineAttributes>;

export const NO_LINE_ATTRIBUTES: LineAttributes = { high_availability: false };

/** Stored line attributes, read leniently as SKU attributes are. */
export function storedLineAttributes(value: unknown): LineAttributes {
  const parsed = ZLineAttributes.safeParse(value ?? {});
  return parsed.success ? parsed.data : NO_LINE_ATTRIBUTES;
}

export const ZRuleMessage = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  /** The lines the message concerns: the request's keys (pricing/execute) or the lines' ids. */
  line_keys: z.array(z.string()),
});
export type RuleMessageView = z.infer<typeof ZRuleMessage>;

export const ZRuleAction = z.object({
  rule_id: z.string(),
  label: z.string(),
  changes: z.array(
    z.object({
      op: z.enum(['add', 'remove', 'set_quantity']),
      sku: z.string(),
      quantities: z.array(z.number().int()),
      line_key: z.string().optional(),
      /** The SKU as the configure page shows a line of it (an add makes a line). */
      name: z.string(),
      kind: z.string(),
      billing: z.string(),
    }),
  ),
});
export type RuleActionView = z.infer<typeof ZRuleAction>;

/** What the pricing pass answers of the product rules, beside the prices. */
export const ZRuleOutcome = {
  rule_messages: z.array(ZRuleMessage),
  /** Fixes, offered selections and recommendations: one click applies a whole action. */
  rule_actions: z.array(ZRuleAction),
  /**
   * What automatic selection rules changed, already in the lines priced or saved (an add's
   * `line_key` is the new line's key): the configure page applies them to its draft.
   */
  rule_applied: z.array(ZRuleAction),
};
export interface RuleOutcome {
  rule_messages: RuleMessageView[];
  rule_actions: RuleActionView[];
  rule_applied: RuleActionView[];
}

export const NO_RULE_OUTCOME: RuleOutcome = {
  rule_messages: [],
  rule_actions: [],
  rule_applied: [],
};

/** How the configure page names a SKU that an action adds: its name, kind and billing. */
export type SkuLabel = Pick<RuleActionView['changes'][number], 'name' | 'kind' | 'billing'>;

/** Offers with their SKUs named (`labelOf`; an unknown SKU is named by its code). */
export const labelActions = (
  actions: readonly OfferedAction[],
  labelOf: (sku: string) => SkuLabel | undefined,
): RuleActionView[] =>
  actions.map((action) => ({
    ...action,
    changes: action.changes.map((change) => ({
      ...change,
      ...(labelOf(change.sku) ?? { name: change.sku, kind: '', billing: '' }),
    })),
  }));

/** The SKUs offers name, to look their labels up. */
export const actionSkus = (actions: readonly OfferedAction[]): string[] => [
  ...new Set(actions.flatMap((action) => action.changes.map((change) => change.sku))),
];

/** The errors that stop Next and Submit. */
export const blockingMessages = (outcome: RuleOutcome): RuleMessageView[] =>
  outcome.rule_messages.filter((message) => message.severity === 'error');

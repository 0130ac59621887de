import { z } from 'zod';
import type { PredicateNode } from '@bastion/domain/approvals/predicates';
import {
  BOOLEAN_OPERATORS,
  NUMBER_OPERATORS,
  TEXT_OPERATORS,
} from '@bastion/domain/approvals/predicates';
import { STEP_MODES } from '@bastion/domain/approvals/workflow';
import { zEnvelope } from '../../lib/envelope.ts';

/*
 * Approval admin (issue 7, decision 013): groups, rules, workflow templates and partner
 * exceptions, under POST /api/dx/approval-admin/…. Rule trees and workflow nodes arrive as any
 * JSON: the domain's checkPredicateTree and checkWorkflowNodes are the only way in, and answer
 * with the place and the reason.
 */

const ZId = (what: string) => z.uuid({ error: `That is not ${what} id.` });
const ZVersion = (what: string) =>
  z
    .number({ error: `Send the version of the ${what} you opened.` })
    .int()
    .min(1, `Send the version of the ${what} you opened.`);

const ZName = (what: string) =>
  z
    .string({ error: `Give the ${what} a name.` })
    .trim()
    .min(1, `Give the ${what} a name.`)
    .max(120, 'A name has at most 120 characters.');

const ZDescription = z
  .string()
  .trim()
  .max(500, 'A description has at most 500 characters.')
  .default('');

/** Deleting names the version the admin saw, so nobody deletes what they have not seen. */
export const ZDeleteBody = (what: string) =>
  z.object({ id: ZId(`${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`), version: ZVersion(what) });

export const ZDeleted = zEnvelope(z.object({ id: z.string(), is_deleted: z.literal(true) }));

const editor = { updated_at: z.string(), updated_by: z.string().nullable() };

// ---------------------------------------------------------------------------------------------
// The member pickers

export const ZMemberOptionsResponse = zEnvelope(
  z.object({
    users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
    roles: z.array(z.string()),
    regions: z.array(z.string()),
  }),
);

// ---------------------------------------------------------------------------------------------
// Groups

const ZMemberUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_disabled: z.boolean(),
});

export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_global: z.boolean(),
  regions: z.array(z.string()),
  is_active: z.boolean(),
  version: z.number().int(),
  users: z.array(ZMemberUser),
  roles: z.array(z.string()),
  member_count: z.number().int(),
  /** Active rules that require the group (the number on its card). */
  rule_count: z.number().int(),
  ...editor,
});
export type GroupView = z.infer<typeof ZGroup>;

export const ZGroupsResponse = zEnvelope(z.object({ groups: z.array(ZGroup) }));
export const ZGroupResponse = zEnvelope(ZGroup);

export const ZSaveGroupBody = z.object({
  /** Absent: a new group. */
  id: ZId('an approval group').optional(),
  version: ZVersion('approval group').optional(),
  name: ZName('group'),
  description: ZDescription,
  is_global: z.boolean({ error: 'Say whether the group is global.' }).default(true),
  regions: z
    .array(z.string().trim().min(1, 'A region has a name.'), {
      error: 'Send the regions as a list.',
    })
    .max(20, 'A group lists at most 20 regions.')
    .default([]),
  is_active: z.boolean().default(true),
  user_ids: z
    .array(ZId('a user'), { error: 'Send the member users as a list of ids.' })
    .max(200, 'A group has at most 200 member users.')
    .default([]),
  roles: z
    .array(z.string().trim(), { error: 'Send the member roles as a list.' })
    .max(40, 'A group has at most 40 member roles.')
    .default([]),
});
export type SaveGroupInput = z.infer<typeof ZSaveGroupBody>;

// ---------------------------------------------------------------------------------------------
// Rules

const ZOperator = z.enum([
  ...new Set([...NUMBER_OPERATORS, ...TEXT_OPERATORS, ...BOOLEAN_OPERATORS]),
] as [string, ...string[]]);

/** A stored tree, for the answer (what comes in is checked by checkPredicateTree instead). */
export const ZPredicateNode: z.ZodType<PredicateNode> = z.lazy(() =>
  z.union([
    z.object({
      kind: z.literal('predicate'),
      fact: z.string(),
      op: ZOperator,
      value: z.union([z.number(), z.string(), z.array(z.string()), z.null()]),
    }),
    z.object({
      kind: z.literal('group'),
      combinator: z.enum(['AND', 'OR']),
      children: z.array(ZPredicateNode),
    }),
  ]),
) as z.ZodType<PredicateNode>;

export const ZRule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  predicate: ZPredicateNode,
  /** The condition in words (describePredicateTree). */
  condition_text: z.string(),
  group_ids: z.array(z.string()),
  groups: z.array(z.object({ id: z.string(), name: z.string(), is_active: z.boolean() })),
  is_active: z.boolean(),
  version: z.number().int(),
  ...editor,
});
export type RuleView = z.infer<typeof ZRule>;

export const ZRulesResponse = zEnvelope(z.object({ rules: z.array(ZRule) }));
export const ZRuleResponse = zEnvelope(ZRule);

export const ZSaveRuleBody = z.object({
  id: ZId('an approval rule').optional(),
  version: ZVersion('approval rule').optional(),
  name: ZName('rule'),
  description: ZDescription,
  /** Any JSON: checkPredicateTree says what is wrong with it and where. */
  predicate: z.unknown().optional(),
  group_ids: z
    .array(ZId('an approval group'), { error: 'Send the required groups as a list of ids.' })
    .max(20, 'A rule requires at most 20 groups.')
    .default([]),
  is_active: z.boolean().default(true),
});
export type SaveRuleInput = z.infer<typeof ZSaveRuleBody>;

export const ZPreviewRuleBody = z.object({
  /** The rule as it stands in the editor, saved or not. */
  predicate: z.unknown().optional(),
  quote_number: z
    .string({ error: 'Enter the quote number to test against.' })
    .trim()
    .min(1, 'Enter the quote number to test against.')
    .max(40, 'That is not a quote number.'),
});

export const ZPreviewRuleResponse = zEnvelope(
  z.object({
    quote: z.object({
      id: z.string(),
      quote_number: z.string(),
      quote_name: z.string(),
      account_name: z.string(),
      region: z.string(),
    }),
    matched: z.boolean(),
    explanations: z.array(
      z.object({
        fact: z.string(),
        condition: z.string(),
        actual: z.string(),
        matched: z.boolean(),
      }),
    ),
    /** Every fact of the quote as the rules see it; a fact the quote lacks is absent. */
    facts: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
    /** Why the lines could not be priced: the price facts are then absent. */
    pricing_problems: z.array(z.string()),
  }),
);

// ---------------------------------------------------------------------------------------------
// Workflow templates

export const ZWorkflowNode = z.union([
  z.object({ kind: z.literal('START') }),
  z.object({ kind: z.literal('END') }),
  z.object({
    kind: z.literal('STEP'),
    name: z.string(),
    group_ids: z.array(z.string()),
    mode: z.enum(STEP_MODES),
  }),
]);

export const ZWorkflow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(ZWorkflowNode),
  is_default: z.boolean(),
  version: z.number().int(),
  ...editor,
});
export type WorkflowView = z.infer<typeof ZWorkflow>;

export const ZWorkflowsResponse = zEnvelope(z.object({ workflows: z.array(ZWorkflow) }));
export const ZWorkflowResponse = zEnvelope(ZWorkflow);

export const ZSaveWorkflowBody = z.object({
  id: ZId('a workflow template').optional(),
  version: ZVersion('workflow template').optional(),
  name: ZName('workflow'),
  description: ZDescription,
  /** START, steps, END; checkWorkflowNodes says what is wrong. */
  nodes: z.unknown().optional(),
  is_default: z.boolean().default(false),
});
export type SaveWorkflowInput = z.infer<typeof ZSaveWorkflowBody>;

export const ZSetDefaultWorkflowBody = z.object({
  id: ZId('a workflow template'),
  version: ZVersion('workflow template'),
});

// ---------------------------------------------------------------------------------------------
// Partner exceptions

export const PARTNER_EXCEPTION_STATES = ['ACTIVE', 'SCHEDULED', 'EXPIRED', 'INACTIVE'] as const;

export const ZPartnerException = z.object({
  id: z.string(),
  partner_account_id: z.string(),
  partner_name: z.string(),
  /** Decimal text with two places, as stored: "5.00". */
  extra_discount_percent: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  reason: z.string(),
  is_active: z.boolean(),
  /** Against today: in force, not yet, over, or switched off. */
  state: z.enum(PARTNER_EXCEPTION_STATES),
  version: z.number().int(),
  ...editor,
});
export type PartnerExceptionView = z.infer<typeof ZPartnerException>;

export const ZPartnerExceptionsResponse = zEnvelope(
  z.object({ partner_exceptions: z.array(ZPartnerException) }),
);
export const ZPartnerExceptionResponse = zEnvelope(ZPartnerException);

const ZDay = (label: string) => z.iso.date({ error: `${label}: enter a date like 2027-01-31.` });

export const ZSavePartnerExceptionBody = z.object({
  id: ZId('a partner exception').optional(),
  version: ZVersion('partner exception').optional(),
  partner_account_id: z
    .string({ error: 'Choose the partner.' })
    .trim()
    .min(1, 'Choose the partner.')
    .max(40, 'That is not a CRM account id.'),
  /** A number or decimal text: 0 to 100, at most two decimals. */
  extra_discount_percent: z.union([z.number(), z.string().trim()], {
    error: 'Enter the extra discount in per cent.',
  }),
  valid_from: ZDay('Valid from'),
  valid_to: ZDay('Valid to'),
  reason: z
    .string({ error: 'Say why the partner has this exception.' })
    .trim()
    .min(1, 'Say why the partner has this exception.')
    .max(500, 'A reason has at most 500 characters.'),
  is_active: z.boolean().default(true),
});
export type SavePartnerExceptionInput = z.infer<typeof ZSavePartnerExceptionBody>;

export const ZPartnerOptionsBody = z
  .object({ search: z.string().trim().max(100, 'The search is too long.').default('') })
  .nullish();

export const ZPartnerOptionsResponse = zEnvelope(
  z.object({
    partners: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        region: z.string(),
        partner_type: z.string().nullable(),
      }),
    ),
  }),
);

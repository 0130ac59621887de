import { z } from 'zod';
import type { PredicateNode } from '../approvals/predicates.ts';
import { BOOLEAN_OPERATORS, NUMBER_OPERATORS, TEXT_OPERATORS } from '../approvals/predicates.ts';
import { STEP_MODES } from '../approvals/workflow.ts';
import { PARTNER_EXCEPTION_STATES } from './schemas.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import {
  zActiveOption,
  zDeletedEnvelope,
  zEditedFields,
  zEnvelope,
  zListEnvelope,
  zPredicateExplanation,
  zVersionedFields,
} from '../api/envelope.ts';

/*
 * Approval admin (issue 7, decision 013): groups, rules, workflow templates and partner
 * exceptions, under POST /api/dx/approval-admin/…. Rule trees and workflow nodes arrive as any
 * JSON: the domain's checkPredicateTree and checkWorkflowNodes are the only way in, and answer
 * with the place and the reason.
 */

// The request bodies are shared with the web app's forms (packages/domain).
export {
  PARTNER_EXCEPTION_STATES,
  ZDeleteBody,
  ZPartnerOptionsBody,
  ZPreviewRuleBody,
  ZSaveGroupBody,
  ZSavePartnerExceptionBody,
  ZSaveRuleBody,
  ZSaveWorkflowBody,
  ZSetDefaultWorkflowBody,
  type SaveGroupInput,
  type SavePartnerExceptionInput,
  type SaveRuleInput,
  type SaveWorkflowInput,
} from './schemas.ts';

export const ZDeleted = zDeletedEnvelope({ id: z.string() });

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
  ...zEditedFields,
});
export type GroupView = z.infer<typeof ZGroup>;

export const ZGroupsResponse = zListEnvelope('groups', ZGroup);
export const ZGroupResponse = zEnvelope(ZGroup);

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
// Recursive: the API reference refers to it by name.
namedApiSchemas.add(ZPredicateNode, { id: 'PredicateNode' });

export const ZRule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  predicate: ZPredicateNode,
  /** The condition in words (describePredicateTree). */
  condition_text: z.string(),
  group_ids: z.array(z.string()),
  groups: z.array(zActiveOption),
  is_active: z.boolean(),
  always_reapprove: z.boolean(),
  ...zVersionedFields,
});
export type RuleView = z.infer<typeof ZRule>;

export const ZRulesResponse = zListEnvelope('rules', ZRule);
export const ZRuleResponse = zEnvelope(ZRule);

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
    explanations: z.array(zPredicateExplanation),
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
  ...zVersionedFields,
});
export type WorkflowView = z.infer<typeof ZWorkflow>;

export const ZWorkflowsResponse = zListEnvelope('workflows', ZWorkflow);
export const ZWorkflowResponse = zEnvelope(ZWorkflow);

// ---------------------------------------------------------------------------------------------
// Partner exceptions

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
  ...zVersionedFields,
});
export type PartnerExceptionView = z.infer<typeof ZPartnerException>;

export const ZPartnerExceptionsResponse = zListEnvelope('partner_exceptions', ZPartnerException);
export const ZPartnerExceptionResponse = zEnvelope(ZPartnerException);

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

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZGroup, { id: 'ApprovalGroup' });
namedApiSchemas.add(ZRule, { id: 'ApprovalRule' });
namedApiSchemas.add(ZWorkflow, { id: 'ApprovalWorkflow' });

import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { checkPredicateTree } from '../approvals/predicates.ts';
import {
  checkWorkflowNodes,
  STEP_MODES,
  type StepMode,
  type WorkflowNode,
} from '../approvals/workflow.ts';
import { formatCalendarDate } from '../format/date-time.ts';

/*
 * What the approval admin's forms send (issue 7, decision 013), validated by the server's routes
 * and by the browser's forms with the same messages. The bodies are the server's; the form
 * schemas below them add the checks the server's use-cases make with the domain (members,
 * regions, conditions, steps, the discount, the dates), with the same messages, so a form says
 * before sending what the server would answer.
 */

const ZId = (what: string) => z.uuid({ error: `That is not ${what} id.` });
const ZVersion = (what: string) =>
  z
    .number({ error: `Send the version of the ${what} you opened.` })
    .int()
    .min(1, `Send the version of the ${what} you opened.`);

const ZName = (what: string) =>
  zRequiredText(`Give the ${what} a name.`, 120, 'A name has at most 120 characters.');

const ZDescription = z
  .string()
  .trim()
  .max(500, 'A description has at most 500 characters.')
  .default('');

/** Which record, at the version the admin saw, so nobody changes what they have not seen. */
const zRecordKey = (what: string) => ({
  id: ZId(`${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`),
  version: ZVersion(what),
});

/** A save's record key: absent for a new record. */
const zSaveKey = (what: string) => {
  const { id, version } = zRecordKey(what);
  return { id: id.optional(), version: version.optional() };
};

/** Deleting names the version the admin saw, so nobody deletes what they have not seen. */
export const ZDeleteBody = (what: string) => z.object(zRecordKey(what));

// ---------------------------------------------------------------------------------------------
// Groups

export const MEMBERS_MESSAGE = 'Add at least one member: a user or a role.';
export const REGIONS_MESSAGE = 'Choose the regions the group covers, or make it global.';

export const ZSaveGroupBody = z.object({
  ...zSaveKey('approval group'),
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

/**
 * The group editor: the chosen users with their names (for the chips), the rest as sent. A
 * group has a member, and a regional group a region (the server's use-case says the same).
 */
export const ZGroupForm = ZSaveGroupBody.omit({ id: true, version: true, user_ids: true })
  .extend({
    users: z
      .array(z.object({ id: ZId('a user'), name: z.string(), email: z.string() }))
      .max(200, 'A group has at most 200 member users.'),
  })
  .superRefine((group, context) => {
    if (group.users.length + group.roles.length === 0) {
      context.addIssue({ code: 'custom', path: ['members'], message: MEMBERS_MESSAGE });
    }
    if (!group.is_global && group.regions.length === 0) {
      context.addIssue({ code: 'custom', path: ['regions'], message: REGIONS_MESSAGE });
    }
  });
export type GroupFormInput = z.input<typeof ZGroupForm>;
export type GroupFormValues = z.output<typeof ZGroupForm>;

// ---------------------------------------------------------------------------------------------
// Rules

export const GROUP_IDS_MESSAGE = 'Choose at least one approval group the rule requires.';

export const ZSaveRuleBody = z.object({
  ...zSaveKey('approval rule'),
  name: ZName('rule'),
  description: ZDescription,
  /** Any JSON: checkPredicateTree says what is wrong with it and where. */
  predicate: z.unknown().optional(),
  group_ids: z
    .array(ZId('an approval group'), { error: 'Send the required groups as a list of ids.' })
    .max(20, 'A rule requires at most 20 groups.')
    .default([]),
  is_active: z.boolean().default(true),
  /** Issue 37: any change to a submitted or approved quote asks this rule's groups again. */
  always_reapprove: z.boolean().default(false),
});
export type SaveRuleInput = z.infer<typeof ZSaveRuleBody>;

/** The rule editor: a condition checkPredicateTree accepts, and a group to ask. */
export const ZRuleForm = ZSaveRuleBody.omit({ id: true, version: true }).superRefine(
  (rule, context) => {
    const check = checkPredicateTree(rule.predicate);
    if (!check.ok)
      context.addIssue({ code: 'custom', path: ['predicate'], message: check.message });
    if (rule.group_ids.length === 0) {
      context.addIssue({ code: 'custom', path: ['group_ids'], message: GROUP_IDS_MESSAGE });
    }
  },
);
export type RuleFormInput = z.input<typeof ZRuleForm>;
export type RuleFormValues = z.output<typeof ZRuleForm>;

export const ZPreviewRuleBody = z.object({
  /** The rule as it stands in the editor, saved or not. */
  predicate: z.unknown().optional(),
  quote_number: zRequiredText(
    'Enter the quote number to test against.',
    40,
    'That is not a quote number.',
  ),
});

// ---------------------------------------------------------------------------------------------
// Workflow templates

export const ZSaveWorkflowBody = z.object({
  ...zSaveKey('workflow template'),
  name: ZName('workflow'),
  description: ZDescription,
  /** START, steps, END; checkWorkflowNodes says what is wrong. */
  nodes: z.unknown().optional(),
  is_default: z.boolean().default(false),
});
export type SaveWorkflowInput = z.infer<typeof ZSaveWorkflowBody>;

export const ZSetDefaultWorkflowBody = z.object(zRecordKey('workflow template'));

/** A step as the workflow editor holds it. */
export interface WorkflowStepDraft {
  name: string;
  mode: StepMode;
  group_ids: string[];
}

/** The steps between the start and end markers, as the server stores them. */
export const workflowNodesOf = (steps: readonly WorkflowStepDraft[]): WorkflowNode[] => [
  { kind: 'START' },
  ...steps.map((step): WorkflowNode => ({
    kind: 'STEP',
    name: step.name.trim(),
    mode: step.mode,
    group_ids: step.group_ids,
  })),
  { kind: 'END' },
];

/**
 * The workflow editor: its steps must pass checkWorkflowNodes against the groups that exist,
 * the message under "nodes" as the server answers it.
 */
export const workflowFormSchema = (groupIds: ReadonlySet<string>) =>
  ZSaveWorkflowBody.omit({ id: true, version: true, nodes: true })
    .extend({
      steps: z.array(
        z.object({
          name: z.string(),
          mode: z.enum(STEP_MODES),
          group_ids: z.array(z.string()),
        }),
      ),
    })
    .superRefine((workflow, context) => {
      const check = checkWorkflowNodes(workflowNodesOf(workflow.steps), groupIds);
      if (!check.ok) context.addIssue({ code: 'custom', path: ['nodes'], message: check.message });
    });
export type WorkflowFormInput = z.input<ReturnType<typeof workflowFormSchema>>;
export type WorkflowFormValues = z.output<ReturnType<typeof workflowFormSchema>>;

// ---------------------------------------------------------------------------------------------
// Partner exceptions

export const PARTNER_EXCEPTION_STATES = ['ACTIVE', 'SCHEDULED', 'EXPIRED', 'INACTIVE'] as const;

/** 2027-01-31 → 31-Jan-2027 (spec §9). */
export function showDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return formatCalendarDate(year ?? 0, month ?? 0, day ?? 0) || isoDay;
}

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** "7.5" → "7.50"; a message when it is not 0–100 with at most two decimals. */
export function parseExtraDiscount(
  value: number | string,
): { ok: true; text: string } | { ok: false; message: string } {
  const text = typeof value === 'number' ? String(value) : value.replace(/\s*%$/, '');
  if (typeof value === 'number' ? !Number.isFinite(value) : !/^-?[\d.]+$/.test(text)) {
    return { ok: false, message: 'The extra discount is a number of per cent, like 5 or 7.5.' };
  }
  const number = Number(text);
  if (Number.isNaN(number)) {
    return { ok: false, message: 'The extra discount is a number of per cent, like 5 or 7.5.' };
  }
  if (number < 0 || number > 100) {
    return { ok: false, message: 'The extra discount is between 0 and 100 %.' };
  }
  if (!PERCENT_PATTERN.test(text)) {
    return { ok: false, message: 'The extra discount has at most 2 decimals, like 7.25.' };
  }
  return { ok: true, text: number.toFixed(2) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The message when an exception would end before it starts; null when it does not. */
export const dateOrderProblem = (validFrom: string, validTo: string): string | null =>
  ISO_DAY.test(validFrom) && ISO_DAY.test(validTo) && validTo < validFrom
    ? `The exception would end (${showDay(validTo)}) before it starts (${showDay(validFrom)}).`
    : null;

const ZDay = (label: string) => z.iso.date({ error: `${label}: enter a date like 2027-01-31.` });

export const ZSavePartnerExceptionBody = z.object({
  ...zSaveKey('partner exception'),
  partner_account_id: zRequiredText('Choose the partner.', 40, 'That is not a CRM account id.'),
  /** A number or decimal text: 0 to 100, at most two decimals. */
  extra_discount_percent: z.union([z.number(), z.string().trim()], {
    error: 'Enter the extra discount in per cent.',
  }),
  valid_from: ZDay('Valid from'),
  valid_to: ZDay('Valid to'),
  reason: zRequiredText(
    'Say why the partner has this exception.',
    500,
    'A reason has at most 500 characters.',
  ),
  is_active: z.boolean().default(true),
});
export type SavePartnerExceptionInput = z.infer<typeof ZSavePartnerExceptionBody>;

/** The exception editor: the discount as typed, checked as the server's use-case checks it. */
export const ZPartnerExceptionForm = ZSavePartnerExceptionBody.omit({ id: true, version: true })
  .extend({ extra_discount_percent: z.string() })
  .superRefine((exception, context) => {
    const percent = parseExtraDiscount(exception.extra_discount_percent.trim());
    if (!percent.ok) {
      context.addIssue({
        code: 'custom',
        path: ['extra_discount_percent'],
        message: percent.message,
      });
    }
    const order = dateOrderProblem(exception.valid_from, exception.valid_to);
    if (order) context.addIssue({ code: 'custom', path: ['valid_to'], message: order });
  });
export type PartnerExceptionFormInput = z.input<typeof ZPartnerExceptionForm>;
export type PartnerExceptionFormValues = z.output<typeof ZPartnerExceptionForm>;

export const ZPartnerOptionsBody = z
  .object({ search: z.string().trim().max(100, 'The search is too long.').default('') })
  .nullish();

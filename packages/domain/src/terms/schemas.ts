import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { CLAUSE_RULE_EFFECTS, checkClauseCondition } from './clause-rules.ts';
import { CLAUSE_BODY_MAX, CLAUSE_TITLE_MAX, checkClauseDraft } from './clauses.ts';

/*
 * What the terms admin's forms send (issue 6), validated by the server's routes and by the
 * browser's forms with the same messages. Checks that need the domain (placeholders,
 * categories, conditions) are made by the server's use-cases with checkClauseDraft and
 * checkClauseCondition; the form schemas below make the same checks, under the same paths.
 */

const CHOOSE_CLAUSE = 'Choose the clause the rule puts on quotes.';

const ZId = (what: string) => z.uuid({ error: `That is not a ${what} id.` });
const ZVersion = (what: string) =>
  z
    .number({ error: `Send the version of the ${what} you changed.` })
    .int()
    .min(1);

export const ZIdBody = z.object({ id: ZId('clause') });

// ---------------------------------------------------------------------------------------------
// The library

/** Withdrawn clauses are listed unless `include_inactive` is false (the add-from-library list). */
export const ZListClausesBody = z.object({ include_inactive: z.boolean().optional() }).nullish();

export const ZSaveClauseBody = z.object({
  /** Absent: a new clause. */
  id: ZId('clause').optional(),
  /** The version the editor opened; required to change a clause. */
  version: ZVersion('clause').optional(),
  title: z.string({ error: 'Give the clause a title.' }).max(CLAUSE_TITLE_MAX * 2),
  body: z.string({ error: 'Write the text of the clause.' }).max(CLAUSE_BODY_MAX * 2),
  category: z.string({ error: 'Choose a category.' }).max(100),
  is_active: z.boolean().default(true),
  /** Why it changed, kept with the version. */
  note: z.string().trim().max(500, 'A note has at most 500 characters.').default(''),
});
export type SaveClauseInput = z.infer<typeof ZSaveClauseBody>;

/** The clause editor: what checkClauseDraft finds, as the server's use-case answers it. */
export const ZClauseForm = ZSaveClauseBody.omit({ id: true, version: true }).superRefine(
  (clause, context) => {
    for (const problem of checkClauseDraft(clause)) {
      context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
  },
);
export type ClauseFormInput = z.input<typeof ZClauseForm>;
export type ClauseFormValues = z.output<typeof ZClauseForm>;

// ---------------------------------------------------------------------------------------------
// Rules

export const ZSaveRuleBody = z.object({
  id: ZId('rule').optional(),
  version: ZVersion('rule').optional(),
  name: zRequiredText('Give the rule a name.', 200, 'A name has at most 200 characters.'),
  condition: z.string().max(2000, 'A condition has at most 2,000 characters.').default(''),
  effect: z.enum(CLAUSE_RULE_EFFECTS, { error: 'The effect is ATTACH or REQUIRE.' }),
  /** Nothing chosen yet, or not an id. */
  clause_id: z.uuid({
    error: (issue) => (issue.input === '' ? CHOOSE_CLAUSE : 'That is not a clause id.'),
  }),
  is_active: z.boolean().default(true),
});
export type SaveRuleInput = z.infer<typeof ZSaveRuleBody>;

/** The clause rule editor: a condition checkClauseCondition reads. */
export const ZClauseRuleForm = ZSaveRuleBody.omit({ id: true, version: true }).superRefine(
  (rule, context) => {
    const check = checkClauseCondition(rule.condition.trim());
    if (!check.ok)
      context.addIssue({ code: 'custom', path: ['condition'], message: check.message });
  },
);
export type ClauseRuleFormInput = z.input<typeof ZClauseRuleForm>;
export type ClauseRuleFormValues = z.output<typeof ZClauseRuleForm>;

// ---------------------------------------------------------------------------------------------
// A quote's terms

export const ZQuoteTermsBody = z.object({ id: ZId('quote') });

export const ZSaveQuoteTermsBody = z.object({
  id: ZId('quote'),
  version: ZVersion('quote'),
  clauses: z
    .array(
      z.object({
        clause_id: ZId('clause').optional(),
        custom_title: z
          .string()
          .max(CLAUSE_TITLE_MAX * 2)
          .optional(),
        custom_text: z
          .string()
          .max(CLAUSE_BODY_MAX * 2)
          .optional(),
        position: z.number().int().min(0).max(10_000),
      }),
      { error: 'Send the clauses as a list.' },
    )
    .max(200, 'A quote has at most 200 clauses.'),
});
export type SaveQuoteTermsInput = z.infer<typeof ZSaveQuoteTermsBody>;

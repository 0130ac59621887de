import { z } from 'zod';
import { CLAUSE_RULE_EFFECTS } from '@bastion/domain/terms/clause-rules';
import { CLAUSE_BODY_MAX, CLAUSE_TITLE_MAX } from '@bastion/domain/terms/clauses';
import { QUOTE_TERM_SOURCES } from '@bastion/domain/terms/quote-terms';
import { zEnvelope } from '../../lib/envelope.ts';

/*
 * Terms and conditions (issue 6): the clause library and its rules (admin), and a quote's terms.
 * Field checks that need the domain (placeholders, conditions, categories) answer 400 from the
 * use-cases with the same paths, so a form shows every message under its field.
 */

const ZId = (what: string) => z.uuid({ error: `That is not a ${what} id.` });
const ZVersion = (what: string) =>
  z
    .number({ error: `Send the version of the ${what} you changed.` })
    .int()
    .min(1);

export const ZIdBody = z.object({ id: ZId('clause') });

// ---------------------------------------------------------------------------------------------
// The library

export const ZClause = z.object({
  id: z.string(),
  code: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  category: z.string(),
  is_active: z.boolean(),
  version: z.number().int(),
  placeholders: z.array(z.string()),
  /** Active rules that put this clause on quotes. */
  rule_count: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ClauseView = z.infer<typeof ZClause>;

/** Withdrawn clauses are listed unless `include_inactive` is false (the add-from-library list). */
export const ZListClausesBody = z.object({ include_inactive: z.boolean().optional() }).nullish();

export const ZClausesResponse = zEnvelope(z.object({ clauses: z.array(ZClause) }));
export const ZClauseResponse = zEnvelope(ZClause);

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

export const ZClauseVersion = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  category: z.string(),
  is_active: z.boolean(),
  note: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

export const ZClauseHistoryResponse = zEnvelope(
  z.object({ clause: ZClause, versions: z.array(ZClauseVersion) }),
);

// ---------------------------------------------------------------------------------------------
// Rules

export const ZRule = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  condition: z.string(),
  effect: z.enum(CLAUSE_RULE_EFFECTS),
  clause_id: z.string(),
  clause_title: z.string(),
  clause_is_active: z.boolean(),
  is_active: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type RuleView = z.infer<typeof ZRule>;

export const ZRulesResponse = zEnvelope(z.object({ rules: z.array(ZRule) }));
export const ZRuleResponse = zEnvelope(ZRule);

export const ZSaveRuleBody = z.object({
  id: ZId('rule').optional(),
  version: ZVersion('rule').optional(),
  name: z
    .string({ error: 'Give the rule a name.' })
    .trim()
    .min(1, 'Give the rule a name.')
    .max(200, 'A name has at most 200 characters.'),
  condition: z.string().max(2000, 'A condition has at most 2,000 characters.').default(''),
  effect: z.enum(CLAUSE_RULE_EFFECTS, { error: 'The effect is ATTACH or REQUIRE.' }),
  clause_id: ZId('clause'),
  is_active: z.boolean().default(true),
});
export type SaveRuleInput = z.infer<typeof ZSaveRuleBody>;

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

const ZQuoteTerm = z.object({
  key: z.string(),
  clause_id: z.string().nullable(),
  clause_version: z.number().int().nullable(),
  saved_version: z.number().int().nullable(),
  category: z.string().nullable(),
  title: z.string(),
  template: z.string(),
  text: z.string().nullable(),
  problem: z.string().nullable(),
  is_required: z.boolean(),
  is_custom: z.boolean(),
  source: z.enum(QUOTE_TERM_SOURCES),
  rule_names: z.array(z.string()),
});

const ZFactValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZQuoteTermsResponse = zEnvelope(
  z.object({
    quote: z.object({
      id: z.string(),
      quote_number: z.string(),
      quote_name: z.string(),
      quote_type: z.string(),
      status_id: z.string(),
      status_label: z.string(),
      status_tone: z.string(),
      currency_code: z.string(),
      version: z.number().int(),
    }),
    /** LEGACY, or past the steps where terms change: the saved terms, as saved. */
    is_read_only: z.boolean(),
    read_only_reason: z.string().nullable(),
    clauses: z.array(ZQuoteTerm),
    /** Clauses rules attach that the user took off. */
    dismissed: z.array(
      z.object({ clause_id: z.string(), title: z.string(), rule_names: z.array(z.string()) }),
    ),
    notices: z.array(z.string()),
    /** Rules skipped because their condition cannot be read. */
    warnings: z.array(z.string()),
    has_custom_clause: z.boolean(),
    /** What is shown is what is saved. */
    is_saved: z.boolean(),
    saved_at: z.string().nullable(),
    /** Something keeps the terms from going forward; `problems` says what. */
    has_terms_problems: z.boolean(),
    problems: z.array(z.string()),
    /** The quote's facts as rules see them, and its placeholder values (for live previews). */
    facts: z.record(z.string(), ZFactValue),
    placeholder_values: z.record(z.string(), z.string()),
  }),
);
export type QuoteTermsView = z.infer<typeof ZQuoteTermsResponse>['data'];

import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { CLAUSE_RULE_EFFECTS } from './clause-rules.ts';
import { QUOTE_TERM_SOURCES } from './quote-terms.ts';
import {
  zEditedFields,
  zEnvelope,
  zListEnvelope,
  zQuoteHeadingFields,
  zVersionedFields,
} from '../api/envelope.ts';

/*
 * Terms and conditions (issue 6): the clause library and its rules (admin), and a quote's terms.
 * Field checks that need the domain (placeholders, conditions, categories) answer 400 from the
 * use-cases with the same paths, so a form shows every message under its field.
 */

// The request bodies are shared with the web app's forms (packages/domain).
export {
  ZIdBody,
  ZListClausesBody,
  ZQuoteTermsBody,
  ZSaveClauseBody,
  ZSaveQuoteTermsBody,
  ZSaveRuleBody,
  type SaveClauseInput,
  type SaveQuoteTermsInput,
  type SaveRuleInput,
} from './schemas.ts';

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
  ...zEditedFields,
});
export type ClauseView = z.infer<typeof ZClause>;

export const ZClausesResponse = zListEnvelope('clauses', ZClause);
export const ZClauseResponse = zEnvelope(ZClause);

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
  ...zVersionedFields,
});
export type RuleView = z.infer<typeof ZRule>;

export const ZRulesResponse = zListEnvelope('rules', ZRule);
export const ZRuleResponse = zEnvelope(ZRule);

// ---------------------------------------------------------------------------------------------
// A quote's terms

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
      ...zQuoteHeadingFields,
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

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZClause, { id: 'Clause' });
namedApiSchemas.add(ZRule, { id: 'ClauseRule' });

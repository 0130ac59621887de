import {
  CUSTOM_CLAUSE_TITLE,
  type PlannedTerm,
  type TermsPlan,
} from '@bastion/domain/terms/quote-terms';
import { quoteHeadingOf } from '../../core/quotes/quote-heading.ts';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import {
  currentTermsOf,
  loadTermsContext,
  readOnlyReasonOf,
  type TermsContext,
} from '../../core/terms/quote-terms.repository.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import type { QuoteTermsView } from '@bastion/domain/terms/api';

/** The terms as saved, unchanged by today's rules and library: a quote past the terms step. */
function savedPlan(context: TermsContext): TermsPlan {
  let customCount = 0;
  const terms = context.stored
    .filter((row) => !row.is_removed)
    .map((row): PlannedTerm => {
      const labels = context.savedLabels.get(row.position);
      const isCustom = row.clause_id === null;
      if (isCustom) customCount += 1;
      return {
        key: isCustom ? `custom-${customCount}` : (row.clause_id ?? ''),
        clause_id: row.clause_id,
        clause_version: row.clause_version,
        saved_version: row.clause_version,
        category: isCustom ? null : (labels?.category ?? null),
        title: isCustom
          ? row.custom_title?.trim() || CUSTOM_CLAUSE_TITLE
          : (labels?.title ?? 'Clause'),
        template: row.custom_text ?? row.rendered_text,
        text: row.rendered_text,
        problem: null,
        is_required: row.is_required,
        is_custom: isCustom,
        source: row.source,
        rule_names: [],
      };
    });
  return { terms, dismissed: [], notices: [], is_saved: true };
}

const withoutUndefined = <T>(record: Record<string, T | undefined>) =>
  Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => (value === undefined ? [] : [[key, value]])),
  ) as Record<string, T>;

/** The answer of quote-terms/get and quote-terms/save. */
export function quoteTermsView(context: TermsContext, viewerId?: string): QuoteTermsView {
  const { quote } = context;
  const readOnlyReason = readOnlyReasonOf(quote, viewerId);
  const { plan, problems } =
    readOnlyReason === null ? currentTermsOf(context) : { plan: savedPlan(context), problems: [] };
  const facts = withoutUndefined(context.facts) as QuoteTermsView['facts'];
  return {
    quote: {
      ...quoteHeadingOf(quote),
      currency_code: quote.currencyCode,
      version: quote.version,
    },
    is_read_only: readOnlyReason !== null,
    read_only_reason: readOnlyReason,
    clauses: plan.terms,
    dismissed: plan.dismissed,
    notices: plan.notices,
    warnings: readOnlyReason === null ? context.evaluation.warnings : [],
    has_custom_clause: plan.terms.some((t) => t.is_custom),
    is_saved: plan.is_saved,
    saved_at: context.savedAt?.toISOString() ?? null,
    has_terms_problems: problems.length > 0,
    problems,
    facts,
    placeholder_values: withoutUndefined(context.values),
  };
}

/**
 * POST /api/dx/quote-terms/get: the quote's terms as its rules and the library make them now,
 * beside what was saved; past the terms step, the terms as saved.
 */
export async function getQuoteTerms(
  db: Database,
  caller: AuthContext,
  id: string,
  approverAccess?: ApproverQuoteAccess,
) {
  const quote = await requireQuoteForReader(db, caller, id, approverAccess);
  return quoteTermsView(await loadTermsContext(db, quote), caller.userId);
}

import { and, count, eq, inArray } from 'drizzle-orm';
import { evaluateClauseRules, type RuleEvaluation } from '@bastion/domain/terms/clause-rules';
import { termsContextOf } from '@bastion/domain/terms/quote-facts';
import {
  planQuoteTerms,
  termsProblemsOf,
  type LibraryClause,
  type StoredTerm,
  type TermsPlan,
} from '@bastion/domain/terms/quote-terms';
import type { PlaceholderValues } from '@bastion/domain/terms/placeholders';
import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { lookupValues } from '@bastion/db/schema/forms';
import { quoteLines } from '@bastion/db/schema/quotes';
import { termsClauseRules, termsClauses } from '@bastion/db/schema/terms';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import { EDITABLE_STATUSES } from '@bastion/domain/quotes/editable-statuses';
import { referenceReader } from '../../lib/db/reference-data.ts';
import { findTermSet, listSavedTerms } from './saved-quote-terms.repository.ts';
import { readTogether } from '../../lib/db/read-together.ts';

/**
 * A quote's terms as its rules and the library make them (docs/decisions/012), shared by the
 * terms feature, which shows and saves them, and the quotes feature, whose summary opens only once
 * they are saved and sound (docs/decisions/011).
 */

/** Why the quote's terms cannot change now; null when they can. */
/** `viewerId`: whose page it is; a quote locked by someone else is read-only to them. */
export function readOnlyReasonOf(
  quote: Pick<QuoteRow, 'quoteType' | 'statusId' | 'lockedBy'>,
  viewerId?: string,
): string | null {
  if (quote.quoteType === 'LEGACY') return 'Legacy quotes are read-only.';
  if (viewerId !== undefined && quote.lockedBy !== null && quote.lockedBy !== viewerId) {
    return LOCKED_BY_OTHER_MESSAGE;
  }
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    return 'This quote has left the terms step (it is accepted, completed or archived); its terms can no longer change.';
  }
  return null;
}

export const LOCKED_BY_OTHER_MESSAGE =
  'This quote is locked by another user: only they can change it until it is unlocked.';

export interface TermsContext {
  quote: QuoteRow;
  facts: FormValues;
  values: PlaceholderValues;
  clauses: Map<string, LibraryClause>;
  evaluation: RuleEvaluation;
  stored: StoredTerm[];
  /** Titles and categories of the saved versions, by position, for a read-only quote. */
  savedLabels: Map<number, { title: string | null; category: string | null }>;
  savedAt: Date | null;
}

/** Everything the terms of one quote depend on: its facts, the library, its rules, what is saved. */
export async function loadTermsContext(db: Database, quote: QuoteRow): Promise<TermsContext> {
  const reference = await referenceReader(db);
  // Also read inside a write's transaction (smart re-approval): one query at a time there.
  const [library, hasHardware, labels, rows, termSet] = await readTogether(db, [
    () => reference.get('terms-library', () => loadLibrary(db)),
    () => quoteHasHardware(db, quote.id),
    () => reference.get('sla-labels', () => slaLabels(db)),
    () => listSavedTerms(db, quote.id),
    () => findTermSet(db, quote.id),
  ]);
  const { facts, values } = termsContextOf(
    {
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      quote_type: quote.quoteType,
      deal_type: quote.dealType,
      contract_length: quote.contractLength,
      sales_channel: quote.salesChannel,
      partner_type: quote.partnerType,
      region: quote.region,
      currency_code: quote.currencyCode,
      total_amount_minor: quote.totalAmountMinor,
      is_renewal: quote.isRenewal,
      is_coterm: quote.isCoterm,
      account_id: quote.accountId,
      account_name: quote.accountName,
      details: quote.details,
      has_hardware: hasHardware,
    },
    { sla_labels: labels },
  );
  const clauses = new Map<string, LibraryClause>(
    library.clauses.map((c) => [
      c.id,
      {
        id: c.id,
        title: c.title,
        body: c.body,
        category: c.category,
        version: c.version,
        is_active: c.isActive,
      },
    ]),
  );
  const evaluation = evaluateClauseRules(
    library.rules.map((r) => ({
      id: r.id,
      name: r.name,
      condition: r.condition,
      effect: r.effect,
      clause_id: r.clauseId,
      is_active: r.isActive,
    })),
    facts,
    (id) => clauses.get(id)?.is_active ?? false,
  );
  const stored: StoredTerm[] = rows.map(({ term }) => ({
    clause_id: term.clauseId,
    clause_version: term.clauseVersion,
    custom_title: term.customTitle,
    custom_text: term.customText,
    position: term.position,
    source: term.source,
    is_required: term.isRequired,
    is_removed: term.isRemoved,
    rendered_text: term.renderedText,
  }));
  const savedLabels = new Map(
    rows.map(({ term, savedTitle, savedCategory }) => [
      term.position,
      { title: savedTitle, category: savedCategory },
    ]),
  );
  return {
    quote,
    facts,
    values,
    clauses,
    evaluation,
    stored,
    savedLabels,
    savedAt: termSet?.savedAt ?? null,
  };
}

/**
 * The terms of a quote still being built as its rules and the library make them now, and what
 * keeps them from going forward (never saved, changed since, a clause unrenderable or withdrawn).
 */
export function currentTermsOf(context: TermsContext): { plan: TermsPlan; problems: string[] } {
  const plan = planQuoteTerms({
    stored: context.stored,
    outcomes: context.evaluation.outcomes,
    clauses: context.clauses,
    values: context.values,
  });
  return { plan, problems: termsProblemsOf(plan, { was_saved: context.savedAt !== null }) };
}

/**
 * Why the quote cannot go on to its summary because of its terms, in words; empty when its terms
 * are saved and sound, or when they are no longer the quote's to change (legacy, submitted).
 * Once they were saved, a clause a rule requires that the saved terms lack is named first.
 */
export async function termsBlockingSummary(db: Database, quote: QuoteRow): Promise<string[]> {
  if (readOnlyReasonOf(quote) !== null) return [];
  const context = await loadTermsContext(db, quote);
  const { plan, problems } = currentTermsOf(context);
  if (problems.length === 0) return [];
  if (context.savedAt === null) return problems;
  const saved = new Set(
    context.stored.filter((row) => !row.is_removed).map((row) => row.clause_id),
  );
  const missing = plan.terms
    .filter((term) => term.is_required && term.clause_id !== null && !saved.has(term.clause_id))
    .map(
      (term) =>
        `Clause "${term.title}" is required (${term.rule_names.map((n) => `rule "${n}"`).join(', ')}) and is not in the saved terms.`,
    );
  return [...missing, ...problems];
}

// ---------------------------------------------------------------------------------------------
// Queries

/** Every clause (withdrawn ones too: a quote may still carry one) and every rule. */
async function loadLibrary(db: Database) {
  const [clauses, rules] = await readTogether(db, [
    () => db.select().from(termsClauses),
    () => db.select().from(termsClauseRules),
  ]);
  return { clauses, rules };
}

/** Whether a hardware appliance is among the quote's products (the has_hardware fact). */
async function quoteHasHardware(db: Database, quoteId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(quoteLines)
    .innerJoin(skus, eq(skus.sku, quoteLines.sku))
    .where(and(eq(quoteLines.quoteId, quoteId), eq(skus.kind, 'HARDWARE')));
  return (row?.n ?? 0) > 0;
}

/** Display names of the SLA values (the slas lookup). */
async function slaLabels(db: Database): Promise<Record<string, string>> {
  const rows = await db
    .select({ value: lookupValues.value, label: lookupValues.label })
    .from(lookupValues)
    .where(inArray(lookupValues.lookup, ['slas']));
  return Object.fromEntries(rows.map((r) => [r.value, r.label]));
}

import { evaluateClauseRules, type RuleEvaluation } from '@bastion/domain/terms/clause-rules';
import { termsContextOf } from '@bastion/domain/terms/quote-facts';
import type { LibraryClause, StoredTerm } from '@bastion/domain/terms/quote-terms';
import type { PlaceholderValues } from '@bastion/domain/terms/placeholders';
import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { findVisibleQuote, viewerOf } from '../../lib/visibility.ts';
import {
  findTermSet,
  listQuoteTerms,
  loadLibrary,
  quoteHasHardware,
  slaLabels,
  type QuoteRow,
} from './terms.repository.ts';

/** Terms change while the quote is being built (spec §4 flow: configure, shipping, terms). */
const EDITABLE_STATUSES = new Set(['INCOMPLETE', 'SH_HW_CONFIG', 'TNC']);

/** Why the quote's terms cannot change now; null when they can. */
export function readOnlyReasonOf(quote: Pick<QuoteRow, 'quoteType' | 'statusId'>): string | null {
  if (quote.quoteType === 'LEGACY') return 'Legacy quotes are read-only.';
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    return 'This quote has left the terms step (it is submitted or decided); its terms can no longer change.';
  }
  return null;
}

/** A quote outside the caller's scope reads as absent: its existence is not theirs to know. */
export async function requireVisibleQuote(db: Database, caller: AuthContext, id: string) {
  const quote = await findVisibleQuote(db, viewerOf(caller), id);
  if (!quote) throw new AppError('NOT_FOUND', 'There is no such quote, or it is not yours to see.');
  return quote;
}

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
  const [library, hasHardware, labels, rows, termSet] = await Promise.all([
    loadLibrary(db),
    quoteHasHardware(db, quote.id),
    slaLabels(db),
    listQuoteTerms(db, quote.id),
    findTermSet(db, quote.id),
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

import {
  buildQuoteTerms,
  CUSTOM_CLAUSE_TITLE,
  type LibraryClause,
  type StoredTerm,
} from '@bastion/domain/terms/quote-terms';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadTermsContext, readOnlyReasonOf } from '../../core/terms/quote-terms.repository.ts';
import { quoteTermsView } from './get-quote-terms.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import type { SaveQuoteTermsInput } from '@bastion/domain/terms/api';
import { STALE_QUOTE_MESSAGE, quoteActorOf } from '../../core/quotes/quote-writes.repository.ts';
import { replaceQuoteTermsAtVersion, type HistoryChange } from './terms.repository.ts';

/** The quotes feature's wording (update-quote-header.ts), so every stale save reads alike. */
export { STALE_QUOTE_MESSAGE };

const nameOf = (row: StoredTerm, clauses: ReadonlyMap<string, LibraryClause>) =>
  row.clause_id === null
    ? `custom clause "${row.custom_title ?? CUSTOM_CLAUSE_TITLE}"`
    : `clause "${clauses.get(row.clause_id)?.title ?? row.clause_id}"`;

const identityOf = (row: StoredTerm) =>
  row.clause_id ?? `custom\u0000${row.custom_title ?? ''}\u0000${row.custom_text ?? ''}`;

/** History: the clauses added, removed, taken off, re-worded and re-ordered. */
export function termChanges(
  before: readonly StoredTerm[],
  after: readonly StoredTerm[],
  clauses: ReadonlyMap<string, LibraryClause>,
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  const on = (rows: readonly StoredTerm[]) => rows.filter((r) => !r.is_removed);
  const beforeOn = new Map(on(before).map((r) => [identityOf(r), r]));
  const afterOn = new Map(on(after).map((r) => [identityOf(r), r]));
  for (const [key, row] of afterOn) {
    const old = beforeOn.get(key);
    if (!old) {
      changes.push({
        field: nameOf(row, clauses),
        before: null,
        after: row.clause_id === null ? row.custom_text : `added (${row.source.toLowerCase()})`,
      });
    } else if (
      old.clause_version !== row.clause_version ||
      old.rendered_text !== row.rendered_text
    ) {
      changes.push({
        field: nameOf(row, clauses),
        before: old.clause_version === null ? old.rendered_text : `version ${old.clause_version}`,
        after: row.clause_version === null ? row.rendered_text : `version ${row.clause_version}`,
      });
    } else if (old.is_required !== row.is_required) {
      const word = (isRequired: boolean) => (isRequired ? 'required' : 'optional');
      changes.push({
        field: nameOf(row, clauses),
        before: word(old.is_required),
        after: word(row.is_required),
      });
    }
  }
  for (const [key, row] of beforeOn) {
    if (afterOn.has(key)) continue;
    const isTakenOff = after.some((r) => r.is_removed && r.clause_id === row.clause_id);
    changes.push({
      field: nameOf(row, clauses),
      before: row.clause_id === null ? row.custom_text : 'on the quote',
      after: isTakenOff ? 'taken off' : 'removed',
    });
  }
  const orderOf = (rows: Map<string, StoredTerm>, keep: Map<string, StoredTerm>) =>
    [...rows.keys()].filter((key) => keep.has(key));
  const beforeOrder = orderOf(beforeOn, afterOn);
  const afterOrder = orderOf(afterOn, beforeOn);
  if (beforeOrder.join('\u0001') !== afterOrder.join('\u0001')) {
    const titles = (rows: Map<string, StoredTerm>) =>
      [...rows.values()].map((row) => nameOf(row, clauses));
    changes.push({ field: 'clause order', before: titles(beforeOn), after: titles(afterOn) });
  }
  const hadCustom = before.some((r) => r.source === 'CUSTOM');
  const hasCustom = after.some((r) => r.source === 'CUSTOM');
  if (hadCustom !== hasCustom) {
    changes.push({ field: 'has_custom_clause', before: hadCustom, after: hasCustom });
  }
  return changes;
}

/**
 * POST /api/dx/quote-terms/save: checks the clauses against the quote's rules (required clauses
 * stay), renders every one with the quote's values (a missing value refuses the save), and stores
 * them with a history entry and the quote's next version, if the caller saw the current one.
 * The quote's status is not changed here: the step flow moves it.
 */
export async function saveQuoteTerms(
  db: Database,
  caller: AuthContext,
  input: SaveQuoteTermsInput,
  now = new Date(),
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  const readOnlyReason = readOnlyReasonOf(quote, caller.userId);
  if (readOnlyReason !== null) throw new AppError('CONFLICT', readOnlyReason);
  if (input.version !== quote.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);

  const context = await loadTermsContext(db, quote);
  const built = buildQuoteTerms({
    submitted: input.clauses,
    stored: context.stored,
    outcomes: context.evaluation.outcomes,
    clauses: context.clauses,
    values: context.values,
  });
  if (!built.ok) {
    throw new AppError('VALIDATION_FAILED', built.errors.map((e) => e.message).join(' '), {
      details: built.errors,
    });
  }
  const changes = termChanges(context.stored, built.rows, context.clauses);
  // Saving what is saved changes nothing: the quote keeps its version.
  if (context.savedAt !== null && changes.length === 0)
    return quoteTermsView(context, caller.userId);

  const updated = await replaceQuoteTermsAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      rows: built.rows,
      hasCustomClause: built.has_custom_clause,
      changes,
      ...quoteActorOf(caller),
    },
    now,
  );
  if (!updated) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return quoteTermsView(await loadTermsContext(db, updated), caller.userId);
}

import { compareRevisions } from '@bastion/domain/revisions/compare';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { quoteHeadingOf } from '../../core/quotes/quote-heading.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { snapshotQuote } from '../../core/revisions/take-revision.ts';

/*
 * Issue 37 (part 2, decision 043): two options of one deal side by side, as the revisions page
 * compares two revisions (decision 039): each quote as it stands now, and what differs from the
 * first to the second.
 */

export const SAME_OPTION_MESSAGE = 'Choose another option of this deal to compare it with.';

const labelOf = (quote: QuoteRow) =>
  quote.optionLabel ? `${quote.optionLabel} (${quote.quoteNumber})` : quote.quoteNumber;

/** POST /api/dx/compare-quote-options. */
export async function compareQuoteOptions(
  db: Database,
  caller: AuthContext,
  input: { quote_id: string; other_quote_id: string },
) {
  if (input.quote_id === input.other_quote_id)
    throw new AppError('BAD_REQUEST', SAME_OPTION_MESSAGE);
  const quote = await requireVisibleQuote(db, caller, input.quote_id);
  const other = await requireVisibleQuote(db, caller, input.other_quote_id);
  if (quote.opportunityId === null || quote.opportunityId !== other.opportunityId) {
    throw new AppError(
      'BAD_REQUEST',
      `${other.quoteNumber} is not an option of this deal: only quotes of one opportunity compare as options.`,
    );
  }
  const from = (await snapshotQuote(db, quote)).snapshot;
  const to = (await snapshotQuote(db, other)).snapshot;
  const side = (row: QuoteRow, snapshot: typeof from) => ({
    ...quoteHeadingOf(row),
    option_label: row.optionLabel,
    is_primary: row.isPrimary,
    label: labelOf(row),
    snapshot,
  });
  return {
    from: side(quote, from),
    to: side(other, to),
    comparison: compareRevisions(from, to),
  };
}

import type { z } from 'zod';
import type { ZImportLinesBody } from '@bastion/domain/quotes/api/line-import';
import { columnLetter, mappingToRemember } from '@bastion/domain/quotes/line-import/mapping';
import { EDITABLE_STATUSES } from '@bastion/domain/quotes/editable-statuses';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { importRefused } from '../../lib/csv-import.ts';
import { requireEditableQuote } from './configure-lines.ts';
import { configurationOf } from './get-quote-configuration.ts';
import { evaluateLineImport } from './line-import-plan.ts';
import { rememberMapping } from './line-import.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { refuseRenewalQuote } from './save-quote-configuration.ts';
import { writeQuoteLines } from './write-quote-lines.ts';

/** Lines are imported on the configure page of a quote whose products may still change. */
export function requireImportableQuote(quote: QuoteRow): QuoteRow {
  if (quote.quoteType === 'LEGACY') throw new AppError('CONFLICT', 'Legacy quotes are read-only.');
  refuseRenewalQuote(quote);
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    throw new AppError(
      'CONFLICT',
      'This quote has left configuration (it is accepted, completed or archived); its products can no longer change.',
    );
  }
  return quote;
}

/**
 * POST /api/dx/import-quote-lines (issue 38): the table, as previewed and corrected, becomes the
 * quote's lines (merged or replacing them) in one save with one history entry, priced and with
 * the product rules applied as a save of the configure page is. Refused with every problem by
 * row while there is one; nothing changes then. The mapping is remembered for the seller.
 */
export async function importLines(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZImportLinesBody>,
  now = appNow(),
) {
  const quote = requireImportableQuote(
    await requireEditableQuote(db, caller, input.quote_id, input.version),
  );
  const outcome = await evaluateLineImport(db, quote, input, now);
  if (outcome.problems.length > 0) {
    throw importRefused(
      outcome.problems,
      input.table.headers.map((_, index) => columnLetter(index)),
    );
  }
  const written = await writeQuoteLines(db, caller, quote, outcome.stored, outcome.drafts, {
    advance: false,
    action: 'lines_imported',
    now,
  });
  await rememberMapping(
    db,
    caller.userId,
    mappingToRemember(input.table.headers, input.mapping),
    now,
  );
  return configurationOf(db, caller, written.quote, written);
}

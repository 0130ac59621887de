import type { z } from 'zod';
import type { ZLineImportPreviewBody } from '@bastion/domain/quotes/api/line-import';
import { startingMapping } from '@bastion/domain/quotes/line-import/mapping';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { requireImportableQuote } from './import-lines.ts';
import { evaluateLineImport } from './line-import-plan.ts';
import { readRememberedMapping } from './line-import.repository.ts';
import { readLineFile } from './read-line-file.ts';

/**
 * POST /api/dx/quote-lines-import-preview (issue 38): what importing a file, pasted cells or the
 * table the page holds would do to a quote's lines: the table as read, the mapping (the seller's
 * remembered one, else guessed from the headers, unless sent), every row's problem, how many
 * lines are added, updated or removed and the net after. Changes nothing.
 */
export async function previewLineImport(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZLineImportPreviewBody>,
  now = appNow(),
) {
  const quote = requireImportableQuote(await requireVisibleQuote(db, caller, input.quote_id));
  const table =
    input.source.kind === 'table' ? input.source.table : await readLineFile(input.source);
  const mapping =
    input.mapping ?? startingMapping(table.headers, await readRememberedMapping(db, caller.userId));
  const outcome = await evaluateLineImport(db, quote, { table, mapping, mode: input.mode }, now);
  return {
    table,
    mapping: table.headers.map((_, index) => mapping[index] ?? null),
    problems: outcome.problems,
    notes: outcome.notes,
    rows_read: outcome.rowsRead,
    added: outcome.added,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    removed: outcome.removed,
    lines_after: outcome.drafts.length,
    currency_code: quote.currencyCode,
    net_before_minor: quote.totalAmountMinor,
    net_after_minor: outcome.netAfterMinor,
  };
}

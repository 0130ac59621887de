import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  checkDrafts,
  checkUnitListAdjustments,
  forViewer,
  marginShownFor,
  priceDrafts,
  type LineDraft,
} from './configure-lines.ts';
import { requireVisibleQuote } from './get-quote.ts';
import { refuseRenewalQuote } from './save-quote-configuration.ts';
import { listQuoteLines } from './quote-lines.repository.ts';

/** POST /api/dx/pricing/execute: the price of a quote's draft lines, saving nothing. */
export async function priceQuoteDraft(
  db: Database,
  caller: AuthContext,
  input: { id: string; lines: LineDraft[] },
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are not priced in Bastion; they are read-only.');
  }
  refuseRenewalQuote(quote);
  const stored = await listQuoteLines(db, quote.id);
  checkDrafts(input.lines, new Set(stored.map((s) => s.line.id)));
  await checkUnitListAdjustments(db, input.lines, stored);
  const result = await priceDrafts(db, quote, input.lines);
  return forViewer(result, caller, await marginShownFor(db, quote));
}

import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { quoteView } from './get-quote.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import {
  STALE_QUOTE_MESSAGE,
  writeQuoteAtVersion,
  type HistoryChange,
  quoteActorOf,
} from '../../core/quotes/quote-writes.repository.ts';

export { STALE_QUOTE_MESSAGE };

/**
 * Renames a quote or changes its contract length, if it is still the version the caller saw
 * (optimistic concurrency: a stale version answers 409 and changes nothing).
 */
export async function updateQuoteHeader(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; quote_name?: string; contract_length?: number },
  now = new Date(),
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.statusId !== 'INCOMPLETE') {
    throw new AppError('CONFLICT', 'Only an incomplete quote can be changed here.');
  }
  const changes: HistoryChange[] = [];
  const set: { quoteName?: string; contractLength?: number } = {};
  if (input.quote_name !== undefined && input.quote_name !== quote.quoteName) {
    changes.push({ field: 'quote_name', before: quote.quoteName, after: input.quote_name });
    set.quoteName = input.quote_name;
  }
  if (input.contract_length !== undefined && input.contract_length !== quote.contractLength) {
    if (quote.quoteType === 'ELA' && input.contract_length <= 12) {
      throw new AppError('VALIDATION_FAILED', 'An ELA runs for more than 12 months.', {
        details: [{ path: 'contract_length', message: 'An ELA runs for more than 12 months.' }],
      });
    }
    changes.push({
      field: 'contract_length',
      before: quote.contractLength,
      after: input.contract_length,
    });
    set.contractLength = input.contract_length;
  }
  if (input.version !== quote.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  if (changes.length === 0) return quoteView(quote);
  const updated = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      set,
      changes,
      action: 'updated',
      ...quoteActorOf(caller),
    },
    now,
  );
  if (!updated) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return quoteView(updated);
}

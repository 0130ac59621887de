import { secureAccessLines } from '@bastion/domain/quotes/secure-access-lines';
import {
  CONFIGURE_ON_RENEWAL_PAGE_MESSAGE,
  opensOnRenewalPage,
} from '@bastion/domain/renewals/renewal-draft';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  checkUnitListAdjustments,
  requireEditableQuote,
  type LineDraft,
} from './configure-lines.ts';
import { configurationOf } from './get-quote-configuration.ts';
import { listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { writeQuoteLines } from './write-quote-lines.ts';

/**
 * Saves the configure step: the lines replace the stored ones and the quote's total becomes
 * their net, if the quote is still the version the caller saw. With `advance`, the quote moves
 * on to shipping and hardware (SH_HW_CONFIG).
 */
export async function saveQuoteConfiguration(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; lines: LineDraft[]; advance: boolean },
  now = new Date(),
) {
  const quote = await requireEditableQuote(db, caller, input.id, input.version);
  refuseRenewalQuote(quote);
  checkSizedLines(quote, input.lines);
  const stored = await listQuoteLines(db, quote.id);
  await checkUnitListAdjustments(
    db,
    input.lines,
    stored.map((row) => row.line),
  );
  const written = await writeQuoteLines(db, caller, quote, stored, input.lines, {
    advance: input.advance,
    action: input.advance ? 'configured' : 'products_saved',
    now,
  });
  // The lines were just priced and written: the answer needs no second read nor pricing.
  return configurationOf(db, caller, written.quote, written);
}

/**
 * Renewal, co-term and true-up quotes have their own configurator (issue 18): those that open
 * there (quote-route.ts: is_coterm or is_renewal) or carry a renewal record.
 */
export function refuseRenewalQuote(quote: QuoteRow) {
  if (opensOnRenewalPage(quote)) {
    throw new AppError('CONFLICT', CONFIGURE_ON_RENEWAL_PAGE_MESSAGE);
  }
}

/**
 * Secure-access lines made by the sizing keep the sizing's quantities: the sizing is what the
 * quote says was sized, so a change goes through it (a line may still be removed, or discounted).
 */
function checkSizedLines(quote: QuoteRow, drafts: readonly LineDraft[]) {
  if (!quote.secureAccess) return;
  const sized = new Map(
    secureAccessLines(quote.secureAccess, {
      quote_type: quote.quoteType,
      contract_length: quote.contractLength,
    }).map((line) => [line.sku, line.quantities]),
  );
  const details = drafts.flatMap((draft, index) => {
    const expected = sized.get(draft.sku);
    if (!expected || draft.parent_key !== undefined) return [];
    const same = expected.every((q, i) => (draft.quantities[i] ?? 0) === q);
    return same
      ? []
      : [
          {
            path: `lines.${index}.quantities`,
            message: 'Secure-access quantities come from the sizing: change them there.',
          },
        ];
  });
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? '', { details });
  }
}

import type { PriceBookState, PriceBookView } from '@bastion/domain/price-books/answers';
import { isBookInEffect } from '@bastion/domain/pricing/price-books';
import type { BookWithFacts, PriceBookRow } from './price-books.repository.ts';
import { bookCandidateOf } from '../../core/pricing/price-book-candidate.ts';

/** Where a book stands on a day. */
export function bookStateOn(row: PriceBookRow, day: string): PriceBookState {
  const candidate = bookCandidateOf(row);
  if (!candidate.is_active) return 'inactive';
  if (isBookInEffect(candidate, day)) return 'in_effect';
  return candidate.effective_from > day ? 'scheduled' : 'ended';
}

/** A book as the answers show it, on `day`. */
export function bookViewOf(found: BookWithFacts, day: string): PriceBookView {
  const { book } = found;
  return {
    ...bookCandidateOf(book),
    state: bookStateOn(book, day),
    entry_count: found.entryCount,
    currency_codes: found.currencyCodes ? found.currencyCodes.split(',') : [],
    quote_count: found.quoteCount,
    created_by_email: found.createdByEmail,
    updated_at: book.updatedAt.toISOString(),
  };
}

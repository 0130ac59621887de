import type { Database } from '@bastion/db/client';
import type { PriceBookList } from '@bastion/domain/price-books/answers';
import { CRM_REGIONS } from '@bastion/domain/crm/schemas';
import {
  listAccountSegments,
  listBooksWithFacts,
  listPartnerTypes,
} from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { bookViewOf } from './price-book-view.ts';
import { isoDayOf } from '../../lib/clock.ts';

/**
 * Every price book, in the order they win (priority, then name), with its entries' count and
 * currencies, the quotes priced from it and where it stands today; and what the editor suggests:
 * the currencies sold in, the CRM's segments, the regions and the partner types.
 */
export async function listPriceBooks(db: Database, now: Date = new Date()): Promise<PriceBookList> {
  const today = isoDayOf(now);
  const [books, currencyCodes, segments, partnerTypes] = await Promise.all([
    listBooksWithFacts(db),
    listCurrencyCodes(db),
    listAccountSegments(db),
    listPartnerTypes(db),
  ]);
  return {
    books: books.map((found) => bookViewOf(found, today)),
    today,
    currency_codes: currencyCodes,
    segments,
    regions: [...CRM_REGIONS],
    partner_types: partnerTypes,
  };
}

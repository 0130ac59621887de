import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quotes } from '@bastion/db/schema/quotes';

/** Quotes still being worked on or waiting for the customer: these can still expire unused. */
const OPEN_STATUSES = [
  'INCOMPLETE',
  'SH_HW_CONFIG',
  'TNC',
  'PENDING_APPROVAL',
  'APPROVED',
  'BUDGETARY',
];

/** The user's open quotes whose price date falls in the window (their validity ends soon). */
export async function findOwnOpenQuotesPricedBetween(
  db: Database,
  ownerUserId: string,
  fromDay: string,
  toDay: string,
) {
  return db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      quoteName: quotes.quoteName,
      quoteType: quotes.quoteType,
      statusId: quotes.statusId,
      dealType: quotes.dealType,
      preArchiveStatusId: quotes.preArchiveStatusId,
      isCoterm: quotes.isCoterm,
      isRenewal: quotes.isRenewal,
      priceDate: quotes.priceDate,
      accountName: quotes.accountName,
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.ownerUserId, ownerUserId),
        inArray(quotes.statusId, OPEN_STATUSES),
        gte(quotes.priceDate, fromDay),
        lte(quotes.priceDate, toDay),
      ),
    );
}

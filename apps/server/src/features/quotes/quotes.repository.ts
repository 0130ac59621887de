import { and, asc, count, desc, eq, exists, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import {
  opportunityIsLive,
  opportunityVisibleTo,
  quoteVisibleTo,
  type Viewer,
} from '../../core/quotes/visibility.repository.ts';
import type { Page } from '../../lib/db/paging.ts';
import { containsText, countOf, firstOrNull, inRange } from '../../lib/db/queries.ts';

export type { HistoryChange, QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';

export async function findVisibleOpportunity(db: Database, viewer: Viewer, id: string) {
  return firstOrNull(
    db
      .select({ opportunity: crmOpportunities, account: crmAccounts })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(and(eq(crmOpportunities.id, id), opportunityIsLive, opportunityVisibleTo(db, viewer))),
  );
}

const impersonators = alias(users, 'impersonator');

export async function listQuoteHistory(db: Database, quoteId: string) {
  return db
    .select({
      id: quoteHistory.id,
      occurredAt: quoteHistory.occurredAt,
      action: quoteHistory.action,
      changes: quoteHistory.changes,
      version: quoteHistory.version,
      actorEmail: users.email,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      impersonatorEmail: impersonators.email,
    })
    .from(quoteHistory)
    .leftJoin(users, eq(users.id, quoteHistory.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, quoteHistory.impersonatorUserId))
    .where(eq(quoteHistory.quoteId, quoteId))
    .orderBy(desc(quoteHistory.occurredAt), desc(quoteHistory.id));
}

/**
 * Grids count their matches only up to here: an exact count of a million rows costs a second,
 * and nobody pages that far. Past it the total reads "10,000+".
 */
export const GRID_COUNT_CAP = 10_000;

/**
 * A page of a grid's `rows` (a dynamic select, filtered), sorted by `column` and then `tieBreak`
 * in the grid's direction, and how many rows `matches` (the same select of `1`) finds, up to the
 * cap.
 */
async function readGridPage<Rows extends PgSelect>(
  db: Database,
  grid: Page & { sort: { direction: 'asc' | 'desc' } },
  [column, tieBreak]: [AnyColumn, AnyColumn],
  rows: Rows,
  matches: PgSelect,
) {
  // The tie-break follows the sort's direction, so one index serves the page either way.
  const by = grid.sort.direction === 'asc' ? asc : desc;
  const [found, n] = await Promise.all([
    rows.orderBy(by(column), by(tieBreak)).limit(grid.limit).offset(grid.offset),
    countOf(db.select({ n: count() }).from(matches.limit(GRID_COUNT_CAP + 1).as('matches'))),
  ]);
  return { rows: found, total: Math.min(n, GRID_COUNT_CAP), isTotalCapped: n > GRID_COUNT_CAP };
}

export interface QuoteGridQuery {
  search?: string;
  statuses?: string[];
  quoteTypes?: string[];
  regions?: string[];
  ownerUserId?: string;
  /** Any of these owners (the owner filter); ownerUserId narrows further (my quotes). */
  ownerUserIds?: string[];
  opportunityId?: string;
  updatedFrom?: Date;
  updatedTo?: Date;
  sort: {
    field: 'updated_at' | 'created_at' | 'quote_number' | 'quote_name' | 'account_name' | 'total';
    direction: 'asc' | 'desc';
  };
  offset: number;
  limit: number;
}

const QUOTE_SORT_COLUMNS = {
  updated_at: quotes.updatedAt,
  created_at: quotes.createdAt,
  quote_number: quotes.quoteNumber,
  quote_name: quotes.quoteName,
  account_name: quotes.accountName,
  total: quotes.totalAmountMinor,
} as const;

export async function listVisibleQuotes(db: Database, viewer: Viewer, query: QuoteGridQuery) {
  const searchText = sql`(${quotes.quoteNumber} || ' ' || ${quotes.quoteName} || ' ' || ${quotes.accountName})`;
  const where = and(
    quoteVisibleTo(viewer),
    containsText(query.search, searchText),
    query.statuses?.length ? inArray(quotes.statusId, query.statuses) : undefined,
    query.quoteTypes?.length
      ? inArray(quotes.quoteType, query.quoteTypes as QuoteRow['quoteType'][])
      : undefined,
    query.regions?.length ? inArray(quotes.region, query.regions) : undefined,
    query.ownerUserId ? eq(quotes.ownerUserId, query.ownerUserId) : undefined,
    query.ownerUserIds?.length ? inArray(quotes.ownerUserId, query.ownerUserIds) : undefined,
    query.opportunityId ? eq(quotes.opportunityId, query.opportunityId) : undefined,
    inRange(quotes.updatedAt, query.updatedFrom, query.updatedTo),
  );
  return readGridPage(
    db,
    query,
    [QUOTE_SORT_COLUMNS[query.sort.field], quotes.id],
    db
      .select({
        quote: quotes,
        owner: { email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.ownerUserId))
      .where(where)
      .$dynamic(),
    db
      .select({ one: sql`1` })
      .from(quotes)
      .where(where)
      .$dynamic(),
  );
}

export interface OpportunityGridQuery {
  search?: string;
  regions?: string[];
  dealTypes?: string[];
  /** Owner e-mail addresses, any case. */
  ownerEmails?: string[];
  closeFrom?: string;
  closeTo?: string;
  sort: { field: 'modified_on' | 'close_date' | 'name' | 'amount'; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

const OPPORTUNITY_SORT_COLUMNS = {
  modified_on: crmOpportunities.modifiedOn,
  close_date: crmOpportunities.closeDate,
  name: crmOpportunities.name,
  amount: crmOpportunities.amountMinor,
} as const;

export async function listVisibleOpportunities(
  db: Database,
  viewer: Viewer,
  query: OpportunityGridQuery,
) {
  const where = and(
    opportunityIsLive,
    opportunityVisibleTo(db, viewer),
    containsText(query.search, crmOpportunities.name, crmAccounts.name, crmOpportunities.id),
    query.regions?.length ? inArray(crmOpportunities.region, query.regions) : undefined,
    query.dealTypes?.length ? inArray(crmOpportunities.dealType, query.dealTypes) : undefined,
    query.ownerEmails?.length
      ? inArray(
          sql`lower(${crmOpportunities.ownerEmail})`,
          query.ownerEmails.map((email) => email.toLowerCase()),
        )
      : undefined,
    inRange(crmOpportunities.closeDate, query.closeFrom, query.closeTo),
  );
  return readGridPage(
    db,
    query,
    [OPPORTUNITY_SORT_COLUMNS[query.sort.field], crmOpportunities.id],
    db
      .select({ opportunity: crmOpportunities, accountName: crmAccounts.name })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(where)
      .$dynamic(),
    db
      .select({ one: sql`1` })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(where)
      .$dynamic(),
  );
}

/** At most this many owners are offered in an owner filter. */
const OWNER_OPTIONS_LIMIT = 500;

/** The users who own a quote the viewer can see: the quotes grid's owner filter. */
export async function listVisibleQuoteOwners(db: Database, viewer: Viewer) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(quotes)
          .where(and(eq(quotes.ownerUserId, users.id), quoteVisibleTo(viewer))),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(OWNER_OPTIONS_LIMIT);
}

/** The owners of the opportunities the viewer can see: the opportunities grid's owner filter. */
export async function listVisibleOpportunityOwners(db: Database, viewer: Viewer) {
  const email = sql<string>`lower(${crmOpportunities.ownerEmail})`;
  return db
    .selectDistinctOn([email], { email, name: crmOpportunities.ownerName })
    .from(crmOpportunities)
    .where(
      and(
        opportunityIsLive,
        sql`${crmOpportunities.ownerEmail} <> ''`,
        opportunityVisibleTo(db, viewer),
      ),
    )
    .orderBy(email, desc(crmOpportunities.modifiedOn))
    .limit(OWNER_OPTIONS_LIMIT);
}

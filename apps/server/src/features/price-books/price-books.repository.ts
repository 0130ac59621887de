import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { partnerDiscounts, skus } from '@bastion/db/schema/catalog';
import { crmAccounts } from '@bastion/db/schema/crm';
import { priceBookEntries, priceBooks } from '@bastion/db/schema/pricing';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import {
  chunksOf,
  containsText,
  firstOrNull,
  namedOtherThan,
  outer,
  readPage,
} from '../../lib/db/queries.ts';
import { listPriceOn } from '../../core/pricing/list-prices.repository.ts';
import type { Page } from '../../lib/db/paging.ts';
import type { PriceBookRow } from '../../lib/db/rows.ts';

/* Queries of the price books (issue 35) only: the use-cases decide. */

export type { PriceBookRow };
export type NewPriceBook = typeof priceBooks.$inferInsert;
export type PriceBookEntryRow = typeof priceBookEntries.$inferSelect;

/** What a list shows of a book beside its row: counts, currencies, who made it. */
const bookFacts = {
  entryCount: sql<number>`(
    select count(*) from ${priceBookEntries} where ${priceBookEntries.priceBookId} = ${outer(priceBooks.id)}
  )::int`,
  /** Comma-separated: currency codes are three capitals. */
  currencyCodes: sql<string | null>`(
    select string_agg(distinct ${priceBookEntries.currencyCode}, ',' order by ${priceBookEntries.currencyCode})
    from ${priceBookEntries} where ${priceBookEntries.priceBookId} = ${outer(priceBooks.id)}
  )`,
  quoteCount: sql<number>`(
    select count(*) from ${quotes} where ${quotes.priceBookId} = ${outer(priceBooks.id)}
  )::int`,
  createdByEmail: users.email,
};

export type BookWithFacts = { book: PriceBookRow } & {
  entryCount: number;
  currencyCodes: string | null;
  quoteCount: number;
  createdByEmail: string | null;
};

/** The order books win in: the highest priority first, then by name. */
const WINNING_ORDER = [desc(priceBooks.priority), asc(sql`lower(${priceBooks.name})`)] as const;

export async function listBooksWithFacts(db: Database): Promise<BookWithFacts[]> {
  return db
    .select({ book: priceBooks, ...bookFacts })
    .from(priceBooks)
    .leftJoin(users, eq(users.id, priceBooks.createdBy))
    .orderBy(...WINNING_ORDER);
}

export async function findBookWithFacts(db: Database, id: string): Promise<BookWithFacts | null> {
  return firstOrNull(
    db
      .select({ book: priceBooks, ...bookFacts })
      .from(priceBooks)
      .leftJoin(users, eq(users.id, priceBooks.createdBy))
      .where(eq(priceBooks.id, id)),
  );
}

/** The book, locked until the transaction ends: its changes and its entries' take turns. */
export async function lockBook(db: Database, id: string): Promise<PriceBookRow | null> {
  return firstOrNull(db.select().from(priceBooks).where(eq(priceBooks.id, id)).for('update'));
}

/** A book with this name in any case, other than `exceptId`. */
export async function findBookNamed(
  db: Database,
  name: string,
  exceptId: string | null,
): Promise<PriceBookRow | null> {
  return firstOrNull(
    db
      .select()
      .from(priceBooks)
      .where(namedOtherThan(priceBooks, name, exceptId)),
  );
}

/** Every book by its name in lower case: what an import's rows name. */
export async function listBooksByName(db: Database): Promise<Map<string, PriceBookRow>> {
  const rows = await db.select().from(priceBooks);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

export async function insertBook(db: Database, book: NewPriceBook): Promise<PriceBookRow> {
  const [row] = await db.insert(priceBooks).values(book).returning();
  if (!row) throw new Error('price book insert returned nothing');
  return row;
}

export async function updateBook(
  db: Database,
  id: string,
  change: Partial<Omit<NewPriceBook, 'id' | 'createdBy' | 'createdAt'>>,
): Promise<void> {
  await db.update(priceBooks).set(change).where(eq(priceBooks.id, id));
}

export async function deleteBook(db: Database, id: string): Promise<void> {
  await db.delete(priceBooks).where(eq(priceBooks.id, id));
}

export async function countQuotesOfBook(db: Database, id: string): Promise<number> {
  return db.$count(quotes, eq(quotes.priceBookId, id));
}

export async function countEntriesOfBook(db: Database, id: string): Promise<number> {
  return db.$count(priceBookEntries, eq(priceBookEntries.priceBookId, id));
}

/* What books may be made for, and sold in. */

/** The segments the CRM's accounts have, in name order. */
export async function listAccountSegments(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ segment: crmAccounts.segment })
    .from(crmAccounts)
    .where(ne(crmAccounts.segment, ''))
    .orderBy(asc(crmAccounts.segment));
  return rows.map((row) => row.segment);
}

/** The partner types the CRM's partners and the partner discounts name. */
export async function listPartnerTypes(db: Database): Promise<string[]> {
  const [accounts, discounts] = await Promise.all([
    db
      .selectDistinct({ type: crmAccounts.partnerType })
      .from(crmAccounts)
      .where(sql`coalesce(${crmAccounts.partnerType}, '') <> ''`),
    db.selectDistinct({ type: partnerDiscounts.partnerType }).from(partnerDiscounts),
  ]);
  const types = new Set(
    [...accounts, ...discounts].flatMap((row) => (row.type ? [row.type.trim().toUpperCase()] : [])),
  );
  return [...types].sort();
}

/* SKUs and their standard list. */

export async function findSkusByCode(db: Database, codes: readonly string[]) {
  const found: { sku: string; kind: string; isActive: boolean }[] = [];
  for (const chunk of chunksOf([...new Set(codes)])) {
    found.push(
      ...(await db
        .select({ sku: skus.sku, kind: skus.kind, isActive: skus.isActive })
        .from(skus)
        .where(inArray(skus.sku, chunk))),
    );
  }
  return new Map(found.map((row) => [row.sku, row]));
}

/* Entries. */

export interface EntryPageQuery extends Page {
  bookId: string;
  search: string;
  currencyCode: string | null;
  day: string;
}

/** A page of a book's entries, by SKU then currency, with each SKU's standard list that day. */
export async function findEntryPage(db: Database, query: EntryPageQuery) {
  const where = and(
    eq(priceBookEntries.priceBookId, query.bookId),
    query.currencyCode ? eq(priceBookEntries.currencyCode, query.currencyCode) : undefined,
    containsText(query.search, priceBookEntries.sku, skus.name),
  );
  return readPage(
    query,
    db
      .select({
        entry: priceBookEntries,
        name: skus.name,
        kind: skus.kind,
        isActive: skus.isActive,
        listPriceMinor: listPriceOn(priceBookEntries.sku, priceBookEntries.currencyCode, query.day),
      })
      .from(priceBookEntries)
      .innerJoin(skus, eq(skus.sku, priceBookEntries.sku))
      .where(where)
      .orderBy(asc(priceBookEntries.sku), asc(priceBookEntries.currencyCode))
      .$dynamic(),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(priceBookEntries)
      .innerJoin(skus, eq(skus.sku, priceBookEntries.sku))
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
}

/** A book's price of a SKU in a currency: one entry. */
export interface EntryKey {
  bookId: string;
  sku: string;
  currencyCode: string;
}

const isEntry = (key: EntryKey) =>
  and(
    eq(priceBookEntries.priceBookId, key.bookId),
    eq(priceBookEntries.sku, key.sku),
    eq(priceBookEntries.currencyCode, key.currencyCode),
  );

export async function findEntry(db: Database, key: EntryKey): Promise<PriceBookEntryRow | null> {
  return firstOrNull(db.select().from(priceBookEntries).where(isEntry(key)));
}

/** Adds the entries or changes their price (call inside a transaction for several). */
export async function upsertEntries(
  db: Database,
  entries: readonly PriceBookEntryRow[],
): Promise<void> {
  for (const chunk of chunksOf(entries)) {
    if (chunk.length === 0) continue;
    await db
      .insert(priceBookEntries)
      .values(chunk)
      .onConflictDoUpdate({
        target: [priceBookEntries.priceBookId, priceBookEntries.sku, priceBookEntries.currencyCode],
        set: { unitPriceMinor: sql`excluded.unit_price_minor` },
      });
  }
}

export async function deleteEntry(db: Database, key: EntryKey): Promise<void> {
  await db.delete(priceBookEntries).where(isEntry(key));
}

/** The entries of some books (all of them when `bookIds` is null), keyed for an import's plan. */
export async function listEntriesOfBooks(
  db: Database,
  bookIds: readonly string[],
): Promise<PriceBookEntryRow[]> {
  const rows: PriceBookEntryRow[] = [];
  for (const chunk of chunksOf([...new Set(bookIds)])) {
    rows.push(
      ...(await db
        .select()
        .from(priceBookEntries)
        .where(inArray(priceBookEntries.priceBookId, chunk))),
    );
  }
  return rows;
}

/** Every entry of one book, or of all, with its book's name: the export, in file order. */
export async function listEntriesForExport(db: Database, bookId: string | null) {
  return db
    .select({
      bookName: priceBooks.name,
      sku: priceBookEntries.sku,
      currencyCode: priceBookEntries.currencyCode,
      unitPriceMinor: priceBookEntries.unitPriceMinor,
    })
    .from(priceBookEntries)
    .innerJoin(priceBooks, eq(priceBooks.id, priceBookEntries.priceBookId))
    .where(bookId ? eq(priceBookEntries.priceBookId, bookId) : undefined)
    .orderBy(...WINNING_ORDER, asc(priceBookEntries.sku), asc(priceBookEntries.currencyCode));
}

/* The matrix: every SKU in every active book. */

export async function listActiveBooks(db: Database): Promise<PriceBookRow[]> {
  return db
    .select()
    .from(priceBooks)
    .where(eq(priceBooks.isActive, true))
    .orderBy(...WINNING_ORDER);
}

export interface MatrixPageQuery extends Page {
  search: string;
  currencyCode: string;
  day: string;
  /** Only active SKUs (true), only inactive (false), or all (null). */
  isActive: boolean | null;
  /** Only SKUs some of these books price in the currency (null: every SKU). */
  pricedByBooks: readonly string[] | null;
}

/** A page of SKUs in code order, with their standard list in the currency that day. */
export async function findMatrixSkuPage(db: Database, query: MatrixPageQuery) {
  const pricedBy = query.pricedByBooks;
  const where = and(
    containsText(query.search, skus.sku, skus.name),
    query.isActive === null ? undefined : eq(skus.isActive, query.isActive),
    pricedBy === null
      ? undefined
      : pricedBy.length === 0
        ? sql`false`
        : sql`exists (
            select 1 from ${priceBookEntries}
            where ${priceBookEntries.sku} = ${outer(skus.sku)}
              and ${priceBookEntries.currencyCode} = ${query.currencyCode}
              and ${inArray(priceBookEntries.priceBookId, [...pricedBy])}
          )`,
  );
  return readPage(
    query,
    db
      .select({
        sku: skus.sku,
        name: skus.name,
        kind: skus.kind,
        isActive: skus.isActive,
        listPriceMinor: listPriceOn(skus.sku, query.currencyCode, query.day),
      })
      .from(skus)
      .where(where)
      .orderBy(asc(skus.sku))
      .$dynamic(),
    db.$count(skus, where),
  );
}

/** The entries of these books for these SKUs in one currency. */
export async function listMatrixEntries(
  db: Database,
  bookIds: readonly string[],
  codes: readonly string[],
  currencyCode: string,
): Promise<PriceBookEntryRow[]> {
  if (bookIds.length === 0 || codes.length === 0) return [];
  return db
    .select()
    .from(priceBookEntries)
    .where(
      and(
        inArray(priceBookEntries.priceBookId, [...bookIds]),
        inArray(priceBookEntries.sku, [...codes]),
        eq(priceBookEntries.currencyCode, currencyCode),
      ),
    );
}

import { sql, type SQL } from 'drizzle-orm';
import { quoteNumberUpperBound, type SearchTerms } from '@bastion/domain/search/terms';
import type { Database } from '@bastion/db/client';
import {
  opportunityIsLive,
  opportunityVisibleTo,
  quoteVisibleTo,
  type Viewer,
} from '../../core/quotes/visibility.repository.ts';

/*
 * The global search's reads (issue 19). Each kind matches in two ways:
 *   - full text: every word of the query as the start of a word (to_tsquery 'simple' with :*);
 *   - pg_trgm word similarity (`<%`), so that a misspelt name still finds ("Nortwind").
 * Names shared by many quotes (customer and partner accounts) are matched in the CRM's small
 * account table, then their newest visible quotes are read by index: a misspelt account name
 * never makes PostgreSQL recheck thousands of quote rows. Only when that finds nothing is the
 * quotes' own trigram index asked (misspelt quote names and numbers). Quote numbers typed from
 * their start read one stretch of the quote-number index. Scoping is the grids'
 * (core/quotes/visibility.repository.ts), applied in every branch; broad matches are bounded before it (CANDIDATES).
 */

/**
 * How alike a word must be (pg_trgm word_similarity): at the default 0.6 "Nortwind" misses
 * "Northwind" (0.58); at 0.5 one wrong or missing letter in a word of five or more still finds.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Customer accounts like the query whose quotes, opportunities or selves are read. */
const MATCHING_CUSTOMERS = 50;
/** Partners and distributors like the query whose quotes are read. */
const MATCHING_PARTNERS = 5;
/**
 * Rows a broad match (a common prefix, a word in many names) looks at, before the caller's
 * scope and the ranking: the work stays bounded, whoever asks. Beyond it a longer query is the
 * answer, not more work.
 */
const CANDIDATES = 1000;

/**
 * Runs `read` in a transaction whose pg_trgm threshold is the search's, so `<%` (which an index
 * can answer) means "similar enough"; set_config(…, true) ends with the transaction.
 */
async function withSearchThreshold<T>(db: Database, read: (tx: Database) => Promise<T>) {
  return db.transaction(async (runner) => {
    // Matches are found through the trigram and full-text indexes, never by reading the table:
    // PostgreSQL cannot estimate how many rows a prefix or a misspelling matches, and with a
    // LIMIT and the caller's scope it would otherwise gamble on a sequential scan, which takes
    // seconds when the matches are few (npm run bench:search).
    await runner.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
        set_config('enable_seqscan', 'off', true)`,
    );
    return read(runner);
  });
}

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute<Record<string, unknown>>(query);
  return (result as { rows: Row[] }).rows;
}

const always = sql`true`;

/** `%`, `_` and `\\` are wildcards to LIKE: here they mean the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePrefix = (text: string) => `${escapeLike(text)}%`;
const likeContains = (text: string) => `%${escapeLike(text)}%`;
const orAlways = (condition: SQL | undefined) => condition ?? always;

/** The same text the grid's trigram index (quotes_search_trgm_idx) is built on. */
const quoteText = sql`(quotes.quote_number || ' ' || quotes.quote_name || ' ' || quotes.account_name)`;
/** The text of the full-text index (quotes_search_fts_idx). */
const quoteDocument = sql`to_tsvector('simple', quotes.quote_number || ' ' || quotes.quote_name || ' ' || quotes.account_name || ' ' || quotes.partner_name)`;

export interface QuoteHit {
  id: string;
  quote_number: string;
  quote_name: string;
  account_name: string;
  partner_name: string;
  quote_type: string;
  deal_type: string;
  status_id: string;
  pre_archive_status_id: string | null;
  is_coterm: boolean;
  is_renewal: boolean;
}

const quoteColumns = sql`quotes.id::text as id, quotes.quote_number, quotes.quote_name,
  quotes.account_name, quotes.partner_name, quotes.quote_type, quotes.deal_type, quotes.status_id,
  quotes.pre_archive_status_id, quotes.is_coterm, quotes.is_renewal`;

/**
 * The columns the visibility rules read: a bounded set of candidates, selected with these under
 * the name `quotes`, is scoped without reading each row again. Keep in step with quoteVisibleTo
 * (a column it reads and this lacks is an SQL error the tests show).
 */
const scopeColumns = sql`quotes.id, quotes.owner_user_id, quotes.created_by, quotes.region, quotes.account_id`;

/** Quote numbers starting with `prefix`: one stretch of the quote-number index. */
function numbersFrom(prefix: string): SQL {
  const bound = quoteNumberUpperBound(prefix);
  return sql`quotes.quote_number >= ${prefix}
    ${bound === null ? sql`` : sql`and quotes.quote_number < ${bound}`}
    and quotes.quote_number like ${likePrefix(prefix)}`;
}

/** Best first: the exact number, then the most alike (name, account or partner), then newest. */
const quoteRanking = (terms: SearchTerms) => sql`
  quotes.quote_number = ${terms.upperText} desc,
  greatest(word_similarity(${terms.text}, ${quoteText}), word_similarity(${terms.text}, quotes.partner_name)) desc,
  quotes.updated_at desc, quotes.id`;

/** Accounts of `kind` whose names are like the query, most alike first. */
const similarAccounts = (terms: SearchTerms, kinds: SQL, column: SQL, limit: number) => sql`
  select ${column} from crm_accounts
  where ${kinds} and ${terms.text} <% crm_accounts.name
  order by word_similarity(${terms.text}, crm_accounts.name) desc, crm_accounts.name
  limit ${limit}`;
const similarCustomers = (terms: SearchTerms) =>
  similarAccounts(
    terms,
    sql`crm_accounts.kind = 'CUSTOMER'`,
    sql`crm_accounts.id`,
    MATCHING_CUSTOMERS,
  );
const similarPartners = (terms: SearchTerms) =>
  similarAccounts(
    terms,
    sql`crm_accounts.kind <> 'CUSTOMER'`,
    sql`crm_accounts.name`,
    MATCHING_PARTNERS,
  );

export async function searchQuotes(
  db: Database,
  viewer: Viewer,
  terms: SearchTerms,
): Promise<QuoteHit[]> {
  const scope = orAlways(quoteVisibleTo(viewer));
  const newest = sql`order by quotes.updated_at desc limit ${terms.limit}`;
  return withSearchThreshold(db, async (tx) => {
    const found = await rowsOf<QuoteHit>(
      tx,
      sql`
      with customers as (${similarCustomers(terms)}),
      partners as (${similarPartners(terms)}),
      found as (
        (select quotes.id from quotes where quotes.quote_number = ${terms.upperText} and ${scope})
        ${
          terms.quoteNumberPrefix === null
            ? sql``
            : sql`union
        (select quotes.id from quotes
          where ${numbersFrom(terms.quoteNumberPrefix)} and ${scope}
          order by quotes.quote_number limit ${terms.limit})`
        }
        union
        (select q.id from customers c cross join lateral (
          select quotes.id from quotes where quotes.account_id = c.id and ${scope} ${newest}) q)
        union
        (select q.id from partners p cross join lateral (
          select quotes.id from quotes where quotes.partner_name = p.name and ${scope} ${newest}) q)
        ${
          terms.prefixQuery === null
            ? sql``
            : sql`union
        (select quotes.id from (
          select ${scopeColumns} from quotes
          where ${quoteDocument} @@ to_tsquery('simple', ${terms.prefixQuery})
          limit ${CANDIDATES}) as quotes
          where ${scope})`
        }
      )
      select ${quoteColumns} from quotes join found on found.id = quotes.id
      order by ${quoteRanking(terms)}
      limit ${terms.limit}`,
    );
    // Nothing, and not a quote number: try the quotes' own names and numbers, misspelt. It is
    // the dearest read (a misspelling shares common trigrams with many rows), so only then, for
    // 4 characters or more, and not when the query names accounts (whose quotes the caller then
    // may not see: the quotes' own text would find the same ones).
    const isNumber = terms.quoteNumberPrefix !== null;
    if (found.length > 0 || isNumber || terms.text.length < 4) return found;
    const [names] = await rowsOf<{ is_account: boolean }>(
      tx,
      sql`select exists (select 1 from crm_accounts where ${terms.text} <% crm_accounts.name) as is_account`,
    );
    if (names?.is_account) return found;
    const more = await rowsOf<QuoteHit>(
      tx,
      sql`
      with alike as (
        select quotes.id from (
          select ${scopeColumns} from quotes where ${terms.text} <% ${quoteText}
          limit ${CANDIDATES}) as quotes
        where ${scope})
      select ${quoteColumns} from quotes join alike on alike.id = quotes.id
      order by ${quoteRanking(terms)}
      limit ${terms.limit}`,
    );
    return more;
  });
}

export interface OpportunityHit {
  id: string;
  name: string;
  account_name: string;
  region: string;
}

/** Live opportunities the viewer sees: by id, by name, or by their account's name. */
export async function searchOpportunities(
  db: Database,
  viewer: Viewer,
  terms: SearchTerms,
): Promise<OpportunityHit[]> {
  const scope = sql`${opportunityIsLive} and ${orAlways(opportunityVisibleTo(db, viewer))}`;
  const exactId = terms.text;
  return withSearchThreshold(db, (tx) =>
    rowsOf<OpportunityHit>(
      tx,
      sql`
      with customers as (${similarCustomers(terms)}),
      found as (
        (select crm_opportunities.id from crm_opportunities
          where crm_opportunities.id = ${exactId} and ${scope})
        union
        (select o.id from customers c cross join lateral (
          select crm_opportunities.id from crm_opportunities
          where crm_opportunities.account_id = c.id and ${scope}
          order by crm_opportunities.modified_on desc limit ${terms.limit}) o)
        union
        (select crm_opportunities.id from crm_opportunities
          where crm_opportunities.id in (
            select crm_opportunities.id from crm_opportunities
            where ${terms.text} <% crm_opportunities.name limit ${CANDIDATES})
          and ${scope})
      )
      select o.id, o.name, a.name as account_name, o.region
      from crm_opportunities o
      join found on found.id = o.id
      join crm_accounts a on a.id = o.account_id
      order by o.id = ${exactId} desc,
        greatest(word_similarity(${terms.text}, o.name), word_similarity(${terms.text}, a.name)) desc,
        o.modified_on desc, o.id
      limit ${terms.limit}`,
    ),
  );
}

export interface AccountHit {
  id: string;
  name: string;
  region: string;
}

/**
 * Customer accounts like the query: all of them for a viewer who sees everything, otherwise those
 * with an opportunity or a quote the viewer sees.
 */
export async function searchAccounts(
  db: Database,
  viewer: Viewer,
  terms: SearchTerms,
): Promise<AccountHit[]> {
  const quoteScope = quoteVisibleTo(viewer);
  const opportunityScope = opportunityVisibleTo(db, viewer);
  const visible =
    viewer.scope.kind === 'all'
      ? always
      : sql`(exists (select 1 from crm_opportunities
            where crm_opportunities.account_id = a.id and ${opportunityIsLive}
              and ${orAlways(opportunityScope)})
          or exists (select 1 from quotes
            where quotes.account_id = a.id and ${orAlways(quoteScope)}))`;
  return withSearchThreshold(db, (tx) =>
    rowsOf<AccountHit>(
      tx,
      sql`
      with candidates as (
        (select crm_accounts.id from crm_accounts where crm_accounts.id = ${terms.text})
        union
        (${similarCustomers(terms)})
      )
      select a.id, a.name, a.region from crm_accounts a
      where a.id in (select id from candidates) and a.kind = 'CUSTOMER' and ${visible}
      order by a.id = ${terms.text} desc, word_similarity(${terms.text}, a.name) desc, a.name, a.id
      limit ${terms.limit}`,
    ),
  );
}

export interface SkuHit {
  sku: string;
  name: string;
}

/** Active SKUs by part number or name (skus_search_trgm_idx is on the same text). */
export async function searchSkus(db: Database, terms: SearchTerms): Promise<SkuHit[]> {
  const text = sql`(skus.sku || ' ' || skus.name)`;
  const contains = likeContains(terms.text);
  return withSearchThreshold(db, (tx) =>
    rowsOf<SkuHit>(
      tx,
      sql`
      select skus.sku, skus.name from skus
      where skus.is_active and (${text} ilike ${contains} or ${terms.text} <% ${text})
      order by upper(skus.sku) = ${terms.upperText} desc, ${text} ilike ${contains} desc,
        word_similarity(${terms.text}, ${text}) desc, skus.sku
      limit ${terms.limit}`,
    ),
  );
}

export interface UserHit {
  email: string;
  first_name: string;
  last_name: string;
  is_disabled: boolean;
}

/** Users by name or e-mail address (user administrators; a small table, no index needed). */
export async function searchUsers(db: Database, terms: SearchTerms): Promise<UserHit[]> {
  const text = sql`(users.first_name || ' ' || users.last_name || ' ' || users.email)`;
  const contains = likeContains(terms.text);
  return withSearchThreshold(db, (tx) =>
    rowsOf<UserHit>(
      tx,
      sql`
      select users.email, users.first_name, users.last_name, users.is_disabled from users
      where ${text} ilike ${contains} or ${terms.text} <% ${text}
      order by users.email = ${terms.text.toLowerCase()} desc, ${text} ilike ${contains} desc,
        word_similarity(${terms.text}, ${text}) desc, users.email
      limit ${terms.limit}`,
    ),
  );
}

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { QUOTE_VALIDITY_DAYS } from '@bastion/domain/documents/quote-document-model';
import {
  EXPIRABLE_STATUS,
  REJECTED_STATUS,
  TOP_ACCOUNTS_LIMIT,
  WON_STATUSES,
} from '@bastion/domain/reports/model';
import type { ReportFilters } from '@bastion/domain/reports/schemas';
import type { Database } from '@bastion/db/client';
import { currencyRates } from '@bastion/db/schema/catalog';
import { quotes } from '@bastion/db/schema/quotes';

/*
 * The SQL aggregates of the report dashboard (issue 19). Every report reads the quotes the
 * filters select, within the caller's visibility scope; amounts are summed per quote currency
 * and rate, then converted once into the report currency, exactly (convertedSum). They rely on
 * quotes_report_idx, quote_sku_discounts (kept by core/reports/report-rollups.repository.ts) and the copies of the
 * quote's filters on its approval steps (decision 025); npm run bench:reports measures them.
 */

/** Which quotes a report reads: the filters, within what the caller may see. */
export interface ReportScope {
  filters: ReportFilters;
  /** quoteVisibleTo(viewer): undefined when the caller sees every quote. */
  visibility: SQL | undefined;
}

/** The report currency and its rate (units per 1 USD). */
export interface TargetCurrency {
  code: string;
  rate: string;
}

/**
 * The status a quote counts under: an archived one under the status it had before. Inner queries
 * group by the two raw columns (cheaper, and the planner's statistics know them); the outer ones
 * apply this to the group's `status_id` and `pre_archive_status_id`.
 */
const effectiveStatusOf = (status: SQL, preArchive: SQL) => sql`(case when ${status} = 'ARCHIVED'
  then coalesce(${preArchive}, 'ARCHIVED') else ${status} end)`;

/** The month a quote was created, UTC, as a timestamp (formatted YYYY-MM at the end). */
const createdMonth = sql`date_trunc('month', ${quotes.createdAt} at time zone 'UTC')`;

/** Quotes created in the range (UTC days, both included), of the region, type and deal type. */
function quoteFilter({ filters, visibility }: ReportScope): SQL | undefined {
  return and(
    sql`${quotes.createdAt} >= ${`${filters.date_from}T00:00:00Z`}::timestamptz`,
    sql`${quotes.createdAt} < (${filters.date_to}::date + 1)::timestamp at time zone 'UTC'`,
    filters.region ? eq(quotes.region, filters.region) : undefined,
    filters.quote_type ? eq(quotes.quoteType, filters.quote_type as 'STANDARD') : undefined,
    filters.deal_type ? eq(quotes.dealType, filters.deal_type) : undefined,
    visibility,
  );
}

/**
 * The sum `sum` of amounts in `currency` at `rate` (a column of the inner query; null when the
 * quote was never priced, then today's rate of its currency), in minor units of the report
 * currency: sum × to / from rounded half away from zero, on numerics (exact), as
 * convertMinor does. USD is 1 by definition. Null when no rate is known at all.
 */
function convertedSum(sum: SQL, currency: SQL, rate: SQL, target: TargetCurrency): SQL {
  const fromMicro = sql`(case when ${currency} = 'USD' then 1
    else coalesce(${rate}, (select ${currencyRates.unitsPerUsd} from ${currencyRates}
      where ${currencyRates.currencyCode} = ${currency})) end * 1000000)`;
  const toMicro = sql`(${target.rate}::numeric * 1000000)`;
  return sql`(case when ${currency} = ${target.code} then ${sum}::numeric
    else sign(${sum}) * div(2 * abs(${sum}::numeric) * ${toMicro} + ${fromMicro}, 2 * ${fromMicro}) end)`;
}

/**
 * A report query, read-only, in a transaction of its own with settings for aggregating many rows:
 * no JIT compilation (its start-up costs more than these queries save: up to a second on
 * PostgreSQL's estimates for them), enough memory to hash and sort without spilling to disk, and
 * the random-read cost of SSD storage, so the planner walks the covering index (quotes_report_idx)
 * rather than the whole, wide table.
 */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    await tx.execute(sql`set local random_page_cost = 1.1`);
    const result = await tx.execute(query);
    return (result as { rows: Row[] }).rows;
  });
}

/** A sum from SQL (numeric text) as minor units; null (no rate) counts as nothing. */
export function minorOf(text: string | null): number {
  if (text === null) return 0;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Amount beyond a safe integer: ${text}`);
  return value;
}

const monthText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

/** Quotes and value by month created and status. */
export async function selectPipeline(db: Database, scope: ReportScope, target: TargetCurrency) {
  const value = convertedSum(sql`g.s`, sql`g.currency_code`, sql`g.rate`, target);
  const status = effectiveStatusOf(sql`g.status_id`, sql`g.pre_archive_status_id`);
  return rowsOf<{ month: string; status_id: string; quote_count: number; value: string | null }>(
    db,
    sql`with g as (
      select ${createdMonth} as month, ${quotes.statusId} as status_id,
        ${quotes.preArchiveStatusId} as pre_archive_status_id,
        ${quotes.currencyCode} as currency_code, ${quotes.unitsPerUsd} as rate,
        count(*) as n, sum(${quotes.totalAmountMinor}) as s
      from ${quotes} where ${quoteFilter(scope)}
      group by 1, 2, 3, 4, 5)
    select ${monthText(sql`g.month`)} as month, ${status} as status_id,
      sum(g.n)::int as quote_count, sum(${value})::text as value
    from g group by g.month, 2 order by g.month, 2`,
  );
}

/** Quotes and value by region. */
export async function selectRegions(db: Database, scope: ReportScope, target: TargetCurrency) {
  const value = convertedSum(sql`g.s`, sql`g.currency_code`, sql`g.rate`, target);
  return rowsOf<{ region: string; quote_count: number; value: string | null }>(
    db,
    sql`with g as (
      select ${quotes.region} as region, ${quotes.currencyCode} as currency_code,
        ${quotes.unitsPerUsd} as rate, count(*) as n, sum(${quotes.totalAmountMinor}) as s
      from ${quotes} where ${quoteFilter(scope)}
      group by 1, 2, 3)
    select g.region, sum(g.n)::int as quote_count, sum(${value})::text as value
    from g group by g.region order by g.region`,
  );
}

/**
 * How many accounts the first, approximate pass keeps: far more than are shown, so that an
 * account the floating-point sum ranks a little low still reaches the exact pass.
 */
const TOP_ACCOUNT_CANDIDATES = TOP_ACCOUNTS_LIMIT * 3;

/**
 * The accounts of the highest converted value, with their quote counts. Grouping every account
 * by currency and rate to convert exactly is slow on a million quotes, so a first pass ranks the
 * accounts by a floating-point conversion (off by far less than a cent) and keeps the leading
 * candidates; the second converts those exactly and ranks them again.
 */
export async function selectTopAccounts(db: Database, scope: ReportScope, target: TargetCurrency) {
  // Today's rate of the currency, for quotes never priced: joined rather than looked up per row,
  // so that PostgreSQL may scan and aggregate in parallel.
  const approximate = sql`(case when ${quotes.currencyCode} = ${target.code}
    then ${quotes.totalAmountMinor}::float8
    when ${quotes.currencyCode} = 'USD' then ${quotes.totalAmountMinor}::float8 * ${target.rate}::float8
    else ${quotes.totalAmountMinor}::float8 * ${target.rate}::float8
      / coalesce(${quotes.unitsPerUsd}, ${currencyRates.unitsPerUsd})::float8 end)`;
  const candidates = await rowsOf<{ account_id: string }>(
    db,
    sql`select ${quotes.accountId} as account_id from ${quotes}
      left join ${currencyRates} on ${currencyRates.currencyCode} = ${quotes.currencyCode}
      where ${quoteFilter(scope)}
      group by 1 order by coalesce(sum(${approximate}), 0) desc, 1
      limit ${TOP_ACCOUNT_CANDIDATES}`,
  );
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.account_id);
  const value = convertedSum(sql`g.s`, sql`g.currency_code`, sql`g.rate`, target);
  return rowsOf<{
    account_id: string;
    account_name: string;
    quote_count: number;
    value: string | null;
  }>(
    db,
    sql`with g as (
      select ${quotes.accountId} as account_id, max(${quotes.accountName}) as account_name,
        ${quotes.currencyCode} as currency_code, ${quotes.unitsPerUsd} as rate,
        count(*) as n, sum(${quotes.totalAmountMinor}) as s
      from ${quotes} where ${and(quoteFilter(scope), inArray(quotes.accountId, ids))}
      group by 1, 3, 4)
    select g.account_id, max(g.account_name) as account_name, sum(g.n)::int as quote_count,
      coalesce(sum(${value}), 0)::text as value
    from g group by g.account_id
    order by coalesce(sum(${value}), 0) desc, g.account_id
    limit ${TOP_ACCOUNTS_LIMIT}`,
  );
}

/**
 * The same filters on a table that copies the quote's creation date, region, type and deal type
 * (they never change after creation), so that a report reads it alone; the caller's visibility,
 * when it is limited, still on the quote itself.
 */
function copiedFilter(
  { filters, visibility }: ReportScope,
  columns: { createdAt: SQL; region: SQL; quoteType: SQL; dealType: SQL; quoteId: SQL },
): SQL | undefined {
  return and(
    sql`${columns.createdAt} >= ${`${filters.date_from}T00:00:00Z`}::timestamptz`,
    sql`${columns.createdAt} < (${filters.date_to}::date + 1)::timestamp at time zone 'UTC'`,
    filters.region ? sql`${columns.region} = ${filters.region}` : undefined,
    filters.quote_type ? sql`${columns.quoteType} = ${filters.quote_type}` : undefined,
    filters.deal_type ? sql`${columns.dealType} = ${filters.deal_type}` : undefined,
    visibility
      ? sql`exists (select 1 from ${quotes} where ${quotes.id} = ${columns.quoteId} and ${visibility})`
      : undefined,
  );
}

/**
 * The seller discount (the manual discount typed) and the effective discount (from list, issue
 * 33) of the selected quotes' lines by product family: lines counted, the averages (2 decimals)
 * and the largest. Read from quote_sku_discounts (the lines per quote and
 * SKU, in basis points, kept with the lines), joined to the catalogue's families as they are now.
 */
export async function selectDiscounts(db: Database, scope: ReportScope) {
  const where = copiedFilter(scope, {
    createdAt: sql`d.created_at`,
    region: sql`d.region`,
    quoteType: sql`d.quote_type`,
    dealType: sql`d.deal_type`,
    quoteId: sql`d.quote_id`,
  });
  return rowsOf<{
    family_id: string;
    family_name: string;
    line_count: number;
    average: string;
    maximum: string;
    effective_average: string;
    effective_maximum: string;
  }>(
    db,
    sql`with by_sku as (
      select d.sku, sum(d.line_count) as n, sum(d.discount_sum_bp) as total_bp,
        max(d.discount_max_bp) as maximum_bp, sum(d.effective_sum_bp) as effective_bp,
        max(d.effective_max_bp) as effective_maximum_bp
      from quote_sku_discounts d
      where ${where}
      group by d.sku)
    select f.id as family_id, f.name as family_name, sum(b.n)::int as line_count,
      round(sum(b.total_bp)::numeric / (100 * sum(b.n)), 2)::text as average,
      round(max(b.maximum_bp)::numeric / 100, 2)::text as maximum,
      round(sum(b.effective_bp)::numeric / (100 * sum(b.n)), 2)::text as effective_average,
      round(max(b.effective_maximum_bp)::numeric / 100, 2)::text as effective_maximum
    from by_sku b join skus s on s.sku = b.sku join product_families f on f.id = s.family_id
    group by f.id, f.name order by f.name, f.id`,
  );
}

/**
 * Hours from a step becoming pending (sent to its group) to its decision, for the decided steps
 * of the selected quotes, by approval group: median and 90th percentile. A step is decided only
 * once pending, so every decided step has both times. The steps carry their quote's creation
 * date and filters, so this reads their report index alone (quote_approval_steps_report_idx).
 */
export async function selectApprovalCycle(db: Database, scope: ReportScope) {
  const hours = sql`extract(epoch from (st.decided_at - st.pending_since)) / 3600`;
  const where = copiedFilter(scope, {
    createdAt: sql`st.quote_created_at`,
    region: sql`st.quote_region`,
    quoteType: sql`st.quote_type`,
    dealType: sql`st.quote_deal_type`,
    quoteId: sql`st.quote_id`,
  });
  return rowsOf<{ group_name: string; decided_count: number; median: string; p90: string }>(
    db,
    sql`select st.group_name, count(*)::int as decided_count,
      round((percentile_cont(0.5) within group (order by ${hours}))::numeric, 1)::text as median,
      round((percentile_cont(0.9) within group (order by ${hours}))::numeric, 1)::text as p90
    from quote_approval_steps st
    where st.state in ('APPROVED', 'REJECTED') and st.decided_at is not null
      and st.pending_since is not null and ${where}
    group by st.group_name order by st.group_name`,
  );
}

/**
 * By month created: quotes won, rejected, and expired (approved, but past their validity on
 * `today` without being accepted), with the converted value of those won.
 */
export async function selectWinRate(
  db: Database,
  scope: ReportScope,
  target: TargetCurrency,
  today: string,
) {
  const won = sql.join(
    WON_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const value = convertedSum(sql`o.s`, sql`o.currency_code`, sql`o.rate`, target);
  const status = effectiveStatusOf(sql`g.status_id`, sql`g.pre_archive_status_id`);
  // The inner query keeps the raw columns (cheap to group); the outer one classifies the groups.
  const outcome = sql`(case when ${status} in (${won}) then 'WON'
    when ${status} = ${REJECTED_STATUS} then 'REJECTED'
    when ${status} = ${EXPIRABLE_STATUS} and g.is_past_validity then 'EXPIRED' end)`;
  return rowsOf<{
    month: string;
    won_count: number;
    rejected_count: number;
    expired_count: number;
    won_value: string | null;
  }>(
    db,
    sql`with g as (
      select ${createdMonth} as month, ${quotes.statusId} as status_id,
        ${quotes.preArchiveStatusId} as pre_archive_status_id,
        ${quotes.priceDate} + ${QUOTE_VALIDITY_DAYS}::int < ${today}::date as is_past_validity,
        ${quotes.currencyCode} as currency_code, ${quotes.unitsPerUsd} as rate,
        count(*) as n, sum(${quotes.totalAmountMinor}) as s
      from ${quotes}
      where ${quoteFilter(scope)}
        and ${quotes.statusId} in (${won}, ${REJECTED_STATUS}, ${EXPIRABLE_STATUS}, 'ARCHIVED')
      group by 1, 2, 3, 4, 5, 6),
    o as (select g.*, ${outcome} as outcome from g)
    select ${monthText(sql`o.month`)} as month,
      coalesce(sum(o.n) filter (where o.outcome = 'WON'), 0)::int as won_count,
      coalesce(sum(o.n) filter (where o.outcome = 'REJECTED'), 0)::int as rejected_count,
      coalesce(sum(o.n) filter (where o.outcome = 'EXPIRED'), 0)::int as expired_count,
      coalesce(sum(${value}) filter (where o.outcome = 'WON'), 0)::text as won_value
    from o where o.outcome is not null group by o.month order by o.month`,
  );
}

/** The currencies with a rate, for the filter bar. */
export async function selectRateCurrencies(
  db: Database,
): Promise<{ code: string; rate: string }[]> {
  return db
    .select({ code: currencyRates.currencyCode, rate: currencyRates.unitsPerUsd })
    .from(currencyRates)
    .orderBy(currencyRates.currencyCode);
}

/** How many units of the currency one US dollar buys; undefined for a currency without a rate. */
export async function findUnitsPerUsd(db: Database, currencyCode: string) {
  const [row] = await db
    .select({ rate: currencyRates.unitsPerUsd })
    .from(currencyRates)
    .where(eq(currencyRates.currencyCode, currencyCode));
  return row?.rate;
}

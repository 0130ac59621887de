/**
 * npm run bench:reports — seeds 1,000,000 quotes (with their lines and approval steps) into a
 * PostgreSQL database of its own and prints p50/p95 of each report of the dashboard (issue 19),
 * run through the repository the API uses, not a copy of its SQL.
 *
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/bastion_bench_reports) is dropped
 * and made afresh unless BENCH_REUSE=1 and it already holds the rows. BENCH_QUOTES changes the
 * count; BENCH_RUNS the runs per report.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import type { ReportFilters } from '@bastion/domain/reports/schemas';
import {
  selectApprovalCycle,
  selectDiscounts,
  selectPipeline,
  selectRegions,
  selectTopAccounts,
  selectWinRate,
  type ReportScope,
  type TargetCurrency,
} from '../features/reports/reports.repository.ts';
import {
  benchSettings,
  openBenchDatabase,
  seedBenchOwners,
  seedQuotesUpTo,
  timeRuns,
} from './bench-database.ts';

const settings = benchSettings('bastion_bench_reports');
const { count } = settings;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

/** Quotes over two years, in three currencies priced at drifting rates; lines; approvals. */
async function seed(db: Database, from: number) {
  await seedBenchOwners(db);
  await db.execute(sql`
    insert into currency_rates (currency_code, units_per_usd)
    values ('EUR', '0.920000'), ('GBP', '0.790000'), ('JPY', '151.123456')
    on conflict (currency_code) do nothing`);
  await db.execute(sql`
    insert into product_families (id, name)
    select 'BENCH_F' || f, 'Bench family ' || f from generate_series(1, 8) f
    on conflict do nothing`);
  await db.execute(sql`
    insert into skus (sku, name, kind, billing, family_id)
    select 'BENCH-' || s, 'Bench SKU ' || s, 'SUBSCRIPTION', 'ANNUAL', 'BENCH_F' || (1 + s % 8)
    from generate_series(1, 200) s
    on conflict do nothing`);
  await db.execute(sql`
    insert into quotes (quote_number, account_id, account_name, region, owner_user_id,
      quote_name, quote_type, deal_type, status_id, pre_archive_status_id, contract_length,
      sales_channel, currency_code, total_amount_minor, units_per_usd, price_date,
      created_at, updated_at)
    select
      'Q-2026-' || lpad(g::text, 7, '0'),
      'ACC' || (g % 20000),
      (array['Systems','Health','Bank','Retail','Energy'])[1 + (g / 11) % 5] || ' ' || (g % 20000),
      (array['North America','Americas','EMEA','LATAM','APJ'])[1 + g % 5],
      (select id from users where email = 'owner' || (1 + g % 500) || '@bench.test'),
      'Quote ' || g,
      (array['STANDARD','STANDARD','STANDARD','ELA','LEGACY'])[1 + (g / 5) % 5],
      (array['NB','U','R','TU','S','E','C'])[1 + (g / 3) % 7],
      case when g % 50 = 0 then 'ARCHIVED' else
        (array['INCOMPLETE','SH_HW_CONFIG','TNC','PENDING_APPROVAL','BUDGETARY','REJECTED','APPROVED','ACCEPTED','COMPLETED'])[1 + (g / 7) % 9] end,
      case when g % 50 = 0 then 'ACCEPTED' end,
      12 * (1 + g % 5),
      (array['DIRECT','T1','T2'])[1 + g % 3],
      (array['USD','EUR','GBP'])[1 + g % 3],
      (g::bigint * 7919) % 100000000,
      case g % 3 when 0 then 1 when 1 then 0.9 + (g % 50) / 1000.0 else 0.78 + (g % 40) / 1000.0 end,
      (now() - (g % 730) * interval '1 day')::date,
      now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
      now() - (g % 365) * interval '1 day'
    from generate_series(${from}::int, ${count}::int) g`);
  // Two lines a quote on average, with a manual discount of 0 to 40 %.
  await db.execute(sql`
    insert into quote_lines (quote_id, position, sku, y1, manual_discount_percent)
    select q.id, p, 'BENCH-' || (1 + (abs(hashtext(q.quote_number)) + p) % 200), 1,
      ((abs(hashtext(q.quote_number)) + p * 7) % 4001) / 100.0
    from quotes q, generate_series(0, 2) p
    where p <= abs(hashtext(q.quote_number)) % 3 and q.quote_number like 'Q-2026-%'`);
  // The discount report's rows, as the app writes them with the lines (refreshQuoteSkuDiscounts).
  await db.execute(sql`
    insert into quote_sku_discounts (quote_id, sku, created_at, region, quote_type, deal_type,
      line_count, discount_sum_bp, discount_max_bp)
    select q.id, l.sku, q.created_at, q.region, q.quote_type, q.deal_type, count(*)::int,
      sum(round(l.manual_discount_percent * 100))::bigint,
      max(round(l.manual_discount_percent * 100))::int
    from quote_lines l join quotes q on q.id = l.quote_id
    where q.quote_number like 'Q-2026-%'
    group by q.id, l.sku
    on conflict do nothing`);
  // A submission for every third submitted quote, with two decided steps of two groups each.
  await db.execute(sql`
    insert into quote_approvals (quote_id, submission_number, state, fingerprint, facts, submitted_at, closed_at)
    select q.id, 1, 'APPROVED', 'bench', '{}'::jsonb, q.created_at + interval '1 day',
      q.created_at + interval '3 days'
    from quotes q
    where q.status_id in ('PENDING_APPROVAL','REJECTED','APPROVED','ACCEPTED','COMPLETED','ARCHIVED')
      and abs(hashtext(q.quote_number)) % 3 = 0`);
  await db.execute(sql`
    insert into quote_approval_steps (approval_id, quote_id, stage, stage_name, group_name, state,
      pending_since, decided_at, quote_created_at, quote_region, quote_type, quote_deal_type)
    select a.id, a.quote_id, s, 'Stage ' || s,
      (array['Deal desk','Finance','Legal','Sales director','CFO'])[1 + (abs(hashtext(a.id::text)) + s) % 5],
      case when s = 2 and abs(hashtext(a.id::text)) % 7 = 0 then 'REJECTED' else 'APPROVED' end,
      a.submitted_at + (s - 1) * interval '6 hours',
      a.submitted_at + (s - 1) * interval '6 hours' + (abs(hashtext(a.id::text || s)) % 200) * interval '1 hour',
      q.created_at, q.region, q.quote_type, q.deal_type
    from quote_approvals a join quotes q on q.id = a.quote_id, generate_series(1, 2) s`);
  await db.execute(sql`vacuum analyze quotes`);
  await db.execute(sql`vacuum analyze quote_lines`);
  await db.execute(sql`vacuum analyze quote_approvals`);
  await db.execute(sql`vacuum analyze quote_approval_steps`);
  await db.execute(sql`vacuum analyze quote_sku_discounts`);
}

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 864e5).toISOString().slice(0, 10);

const filtersOf = (daysBack: number, more: Partial<ReportFilters> = {}): ReportFilters => ({
  date_from: isoDay(daysBack),
  date_to: isoDay(0),
  region: '',
  quote_type: '',
  deal_type: '',
  currency_code: 'USD',
  ...more,
});

async function main() {
  const handle = await openBenchDatabase(settings);
  const { db } = handle;

  await seedQuotesUpTo(db, count, 'quotes with lines and approvals', (held) => seed(db, held + 1));

  await db.execute(sql`analyze quotes`);

  const usd: TargetCurrency = { code: 'USD', rate: '1' };
  const eur: TargetCurrency = { code: 'EUR', rate: '0.920000' };
  const today = isoDay(0);
  const scopes: [string, ReportScope, TargetCurrency][] = [
    ['last 12 months, USD', { filters: filtersOf(365), visibility: undefined }, usd],
    [
      'last 90 days, EMEA, STANDARD, EUR',
      {
        filters: filtersOf(90, { region: 'EMEA', quote_type: 'STANDARD', currency_code: 'EUR' }),
        visibility: undefined,
      },
      eur,
    ],
    ['two years, USD', { filters: filtersOf(730), visibility: undefined }, usd],
  ];
  const reports: [string, (scope: ReportScope, target: TargetCurrency) => Promise<unknown[]>][] = [
    ['pipeline', (s, t) => selectPipeline(db, s, t)],
    ['regions', (s, t) => selectRegions(db, s, t)],
    ['discounts', (s) => selectDiscounts(db, s)],
    ['approval-cycle', (s) => selectApprovalCycle(db, s)],
    ['win-rate', (s, t) => selectWinRate(db, s, t, today)],
    ['top-accounts', (s, t) => selectTopAccounts(db, s, t)],
  ];

  console.log(`\nReports on ${count.toLocaleString('en-US')} quotes, ${RUNS} runs each:`);
  console.log(
    'report'.padEnd(16),
    'filters'.padEnd(36),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'rows'.padStart(6),
  );
  for (const [scopeLabel, scope, target] of scopes) {
    for (const [label, report] of reports) {
      const { p50, p95, last } = await timeRuns(RUNS, () => report(scope, target));
      console.log(
        label.padEnd(16),
        scopeLabel.padEnd(36),
        p50.toFixed(1).padStart(8),
        p95.toFixed(1).padStart(8),
        String(last?.length ?? 0).padStart(6),
      );
    }
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * npm run bench:grid — seeds 1,000,000 quotes into a PostgreSQL database of its own and prints
 * p50/p95 of the grid's queries (the repository the API uses, not a copy of its SQL).
 *
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/bastion_bench) is dropped and made
 * afresh unless BENCH_REUSE=1 and it already holds the rows. BENCH_QUOTES changes the count.
 */
import { sql } from 'drizzle-orm';
import { users } from '@bastion/db/schema/users';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import { listVisibleQuotes, type QuoteGridQuery } from '../features/quotes/quotes.repository.ts';
import type { Viewer } from '../core/quotes/visibility.repository.ts';
import {
  benchSettings,
  openBenchDatabase,
  seedBenchOwners,
  seedQuotesUpTo,
  timeRuns,
} from './bench-database.ts';

const settings = benchSettings('bastion_bench');
const { count } = settings;
const RUNS = 30;

async function main() {
  const handle = await openBenchDatabase(settings);
  const { db } = handle;

  await seedQuotesUpTo(db, count, 'quotes', async (held) => {
    await seedBenchOwners(db);
    await db.execute(sql`
      insert into quotes (quote_number, account_id, account_name, region, owner_user_id,
        quote_name, quote_type, deal_type, status_id, contract_length, sales_channel,
        currency_code, total_amount_minor, created_at, updated_at)
      select
        'Q-2026-' || lpad(g::text, 7, '0'),
        'ACC' || (g % 20000),
        (array['Systems','Health','Bank','Retail','Energy'])[1 + (g / 11) % 5] || ' ' || (g % 20000),
        (array['North America','Americas','EMEA','LATAM','APJ'])[1 + g % 5],
        (select id from users where email = 'owner' || (1 + g % 500) || '@bench.test'),
        'Quote ' || g || ' ' || md5(g::text),
        (array['STANDARD','STANDARD','STANDARD','ELA','LEGACY'])[1 + (g / 5) % 5],
        (array['NB','U','R','TU','S','E','C'])[1 + (g / 3) % 7],
        (array['INCOMPLETE','SH_HW_CONFIG','TNC','PENDING_APPROVAL','BUDGETARY','REJECTED','APPROVED','ACCEPTED','COMPLETED'])[1 + (g / 7) % 9],
        12 * (1 + g % 5),
        (array['DIRECT','T1','T2'])[1 + g % 3],
        (array['USD','EUR','GBP'])[1 + g % 3],
        (g::bigint * 7919) % 100000000,
        now() - (g % 730) * interval '1 day',
        now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(${held + 1}::int, ${count}::int) g`);
    // Index-only scans need the visibility map that autovacuum keeps on a live table.
    await db.execute(sql`vacuum analyze quotes`);
  });

  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`email = 'owner7@bench.test'`);
  const everyone: Viewer = {
    userId: owner?.id ?? '',
    email: 'desk@bench.test',
    scope: { kind: 'all' },
  };
  const seller: Viewer = {
    userId: owner?.id ?? '',
    email: 'owner7@bench.test',
    scope: { kind: 'assigned', regions: [canonicalRegion('NA')], accountIds: ['ACC42'] },
  };
  const page = (p: number) => ({ offset: (p - 1) * 25, limit: 25 });
  const byUpdate: QuoteGridQuery['sort'] = { field: 'updated_at', direction: 'desc' };
  const sortFields: QuoteGridQuery['sort']['field'][] = [
    'created_at',
    'quote_number',
    'quote_name',
    'account_name',
    'total',
  ];

  const cases: [string, Viewer, QuoteGridQuery][] = [
    ['deal desk, first page, newest first', everyone, { sort: byUpdate, ...page(1) }],
    [
      'deal desk, status filter',
      everyone,
      { statuses: ['PENDING_APPROVAL'], sort: byUpdate, ...page(1) },
    ],
    [
      'deal desk, region + type + dates',
      everyone,
      {
        regions: ['EMEA'],
        quoteTypes: ['ELA'],
        updatedFrom: new Date(Date.now() - 90 * 864e5),
        sort: byUpdate,
        ...page(1),
      },
    ],
    ['deal desk, text search', everyone, { search: '0042424', sort: byUpdate, ...page(1) }],
    [
      'deal desk, sort by name, page 40',
      everyone,
      { sort: { field: 'quote_name', direction: 'asc' }, ...page(40) },
    ],
    ['seller (region NA + account), first page', seller, { sort: byUpdate, ...page(1) }],
    ['seller, status filter', seller, { statuses: ['INCOMPLETE'], sort: byUpdate, ...page(1) }],
    ['my quotes (owner)', everyone, { ownerUserId: owner?.id ?? '', sort: byUpdate, ...page(1) }],
    ['deal desk, quote type filter', everyone, { quoteTypes: ['ELA'], sort: byUpdate, ...page(1) }],
    [
      'deal desk, owner filter',
      everyone,
      { ownerUserIds: [owner?.id ?? ''], sort: byUpdate, ...page(1) },
    ],
    [
      'deal desk, last 30 days',
      everyone,
      { updatedFrom: new Date(Date.now() - 30 * 864e5), sort: byUpdate, ...page(1) },
    ],
    ...sortFields.map((field): [string, Viewer, QuoteGridQuery] => [
      `deal desk, sort by ${field} asc`,
      everyone,
      { sort: { field, direction: 'asc' }, ...page(1) },
    ]),
    ['seller, quote type filter', seller, { quoteTypes: ['ELA'], sort: byUpdate, ...page(1) }],
    ['seller, text search (a number)', seller, { search: '4242', sort: byUpdate, ...page(1) }],
    // A word in a fifth of all account names: the trigram index alone finds 200,000 rows.
    [
      'seller, text search (a fifth of all)',
      seller,
      { search: 'Health', sort: byUpdate, ...page(1) },
    ],
    [
      'seller, status + sort by total',
      seller,
      { statuses: ['APPROVED'], sort: { field: 'total', direction: 'desc' }, ...page(1) },
    ],
    [
      'seller, last 30 days',
      seller,
      { updatedFrom: new Date(Date.now() - 30 * 864e5), sort: byUpdate, ...page(1) },
    ],
  ];

  console.log(
    `\nGrid queries on ${count.toLocaleString('en-US')} quotes, ${RUNS} runs each (page + total count):`,
  );
  console.log('query'.padEnd(44), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows'.padStart(10));
  for (const [label, viewer, query] of cases) {
    const { p50, p95, last } = await timeRuns(RUNS, () => listVisibleQuotes(db, viewer, query));
    console.log(
      label.padEnd(44),
      p50.toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
      String(last?.total ?? 0).padStart(10),
    );
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

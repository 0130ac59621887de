import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE_VALUES } from '@bastion/domain/permissions/roles';
import { appSettings } from '@bastion/db/schema/navigation';
import { quotes } from '@bastion/db/schema/quotes';
import { forgetAccessSettings } from '../core/access/access-settings.repository.ts';
import { arbitraryFor } from '../test/fuzz/schema-arbitrary.ts';
import { fuzzCase, type FuzzCase } from '../test/fuzz/mutations.ts';
import { headerValues, insertOpportunity } from '../test/quote-fixtures.ts';
import { createTestApp, createUser, randomIp, signedIn } from '../test/test-app.ts';
import { testEngine } from '../test/test-database.ts';
import {
  callableRoutes,
  pathParamsOf,
  routesOfThisEngine,
  routeName,
  urlWithParams,
  validParamsOf,
} from './security-bed.ts';

/*
 * Every route, fuzzed from its own schema: valid bodies derived from the route's zod schema,
 * then spoilt (missing and extra fields, wrong types, boundary numbers, NUL and lone-surrogate
 * characters, 1 MB strings, 5,000-element arrays, deep nesting, prototype keys, non-objects,
 * broken JSON) and sent by a user who holds every role, so each guard lets the body through to
 * validation and the use-case. Whatever comes in: no answer is a 5xx, no answer shows a stack
 * trace or SQL, and a refused request changes nothing in the database.
 *
 * `npm test` runs a fast profile with a fixed seed; `npm run test:fuzz` runs the long one with a
 * new seed, printed so a failure can be replayed with FUZZ_SEED.
 */

const isLong = process.env.FUZZ_PROFILE === 'long';
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? (isLong ? 300 : 13));
const seed = Number(process.env.FUZZ_SEED ?? (isLong ? randomInt(2 ** 31) : 20261125));
console.log(
  `route fuzzing on ${testEngine()}: ${isLong ? 'long' : 'fast'} profile, ${runsPerRoute} runs per route, seed ${seed} (replay with FUZZ_SEED=${seed})`,
);

/** What a client must never see: our code's insides, the database's words. */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at |\bat .+:\d+:\d+\)/],
  ['a source path', /node_modules|\/src\/|\.ts:\d+/],
  ['SQL', /\b(insert into|delete from|update "|select .* from ")/i],
  ['a database error', /violates .* constraint|duplicate key|syntax error at|relation "|column "/i],
  ['an exception name', /\b(DrizzleQueryError|TypeError|RangeError|ReferenceError|ZodError)\b/],
];

const ctx = await createTestApp();
const fuzzer = await createUser(ctx.db, {
  roles: ROLE_VALUES.map((role) => ({ role })),
  isApprover: true,
  emailDomain: ctx.config.internalTestDomains[0] ?? 'bastion.test',
});
let cookie = await signedIn(ctx.app, fuzzer);

// A quote of the fuzzer's own, so that bodies naming it reach past the "not found".
const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
const made = await ctx.app.inject({
  method: 'POST',
  url: '/api/dx/create-quote',
  headers: { cookie },
  payload: { opportunity_id: opportunityId, values: headerValues() },
});
const quoteId = made.json<{ data: { id: string } }>().data.id;

/** Tables a refused request may write to on purpose: the record of the refusal itself. */
const REFUSAL_RECORDS = /audit|login_failure|rate_limit|unlock/;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tableRows = rowsOf<{ table_name: string }>(
  await ctx.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  ),
);
const watchedTables = tableRows
  .map((r) => r.table_name)
  .filter((name) => !name.startsWith('__') && !REFUSAL_RECORDS.test(name));
// What a refused request must not do is write: rather than count every table's rows around each
// request (a hundred count(*)s, half of the file's time), a row trigger on every watched table
// notes each insert and delete in a log of this file's own, so the state is the log's last id. A
// rolled-back transaction takes its notes with it; an insert undone by a delete still shows.
// The worker's next files share the database: afterAll drops the triggers and the log.
await ctx.db.execute(
  sql.raw(`create table fuzz_row_changes (id bigserial primary key, table_name text not null)`),
);
await ctx.db.execute(
  sql.raw(`create function fuzz_note_row_change() returns trigger language plpgsql as $$
    begin insert into fuzz_row_changes (table_name) values (TG_TABLE_NAME); return null; end $$`),
);
for (const name of watchedTables) {
  await ctx.db.execute(
    sql.raw(`create trigger fuzz_row_change after insert or delete on "${name}"
      for each row execute function fuzz_note_row_change()`),
  );
  await ctx.db.execute(
    sql.raw(`create trigger fuzz_truncate after truncate on "${name}"
      for each statement execute function fuzz_note_row_change()`),
  );
}

/** The rows written so far and the quote's version: what a refused request must not move. */
async function databaseState(): Promise<string> {
  const [changes] = rowsOf<{ changes: string }>(
    await ctx.db.execute(sql`select coalesce(max(id), 0)::text as changes from fuzz_row_changes`),
  );
  const [quote] = await ctx.db
    .select({ version: quotes.version, updatedAt: quotes.updatedAt })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return JSON.stringify({ changes: changes?.changes, quote });
}

/**
 * Work that a route's answer leaves running, finished before the state is read again: the CRM
 * sync writes its opportunities after answering, and would otherwise land during the next
 * (refused) request.
 */
async function backgroundWorkDone(route: { url: string }) {
  if (route.url !== '/api/sfdc/sync') return;
  const syncStatus = async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/sfdc/connection-status',
      headers: { cookie },
    });
    return answer.json<{ data?: { status?: string } }>().data?.status;
  };
  await expect.poll(syncStatus, { timeout: 20_000, interval: 20 }).not.toBe('syncing');
}

// Valid bodies switch settings (maintenance mode above all); the worker's next files share this
// database, so they get the settings back as they were.
const settingsBefore = await ctx.db.select().from(appSettings);

async function restoreMaintenanceSetting() {
  const before = settingsBefore.find((row) => row.name === 'maintenance');
  await ctx.db
    .update(appSettings)
    .set({ value: before?.value ?? 'disabled' })
    .where(eq(appSettings.name, 'maintenance'));
  forgetAccessSettings(ctx.db);
}

afterAll(async () => {
  await ctx.db.execute(sql.raw('drop function fuzz_note_row_change() cascade'));
  await ctx.db.execute(sql.raw('drop table fuzz_row_changes'));
  await ctx.db.delete(appSettings);
  await ctx.db.insert(appSettings).values(settingsBefore);
  forgetAccessSettings(ctx.db);
  await ctx.app.close();
});

describe('fuzzing every route from its schema', () => {
  it('has a fuzzer who gets past every access check, and a quote to aim at', () => {
    expect(made.statusCode, made.body).toBe(200);
    expect(watchedTables.length).toBeGreaterThan(30);
  });

  for (const route of routesOfThisEngine(callableRoutes(ctx.app))) {
    it(`${routeName(route)} answers malformed input without a 5xx, a leak or a change`, async () => {
      const body = route.schema.body;
      const valid = body
        ? arbitraryFor(body, { knownIds: { '*': [quoteId] }, maxItems: 3 })
        : fc.constant({});
      // A valid body may have turned maintenance mode on (maintenance_mode): each route is fuzzed
      // with it off, or the routes that hold callers during maintenance would answer only 503.
      await restoreMaintenanceSetting();
      // Path parameters valid (the quote's id where the route names one), so bodies get past them.
      const scope = route.addresses;
      const url = urlWithParams(
        route,
        validParamsOf(route, scope?.from === 'params' ? { [scope.idField]: quoteId } : {}),
      );
      let before = await databaseState();
      await fc.assert(
        fc.asyncProperty(fuzzCase(valid), async (fuzz: FuzzCase) => {
          const response = await ctx.app.inject({
            method: route.method as 'GET' | 'POST',
            url:
              route.method === 'GET'
                ? `${url}?q=${encodeURIComponent(fuzz.payload.slice(0, 2000))}`
                : url,
            remoteAddress: randomIp(),
            headers: { cookie, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: fuzz.payload }),
          });
          const what = `${fuzz.mutation}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          for (const [name, pattern] of LEAKS) {
            expect(pattern.test(response.body), `${name} in ${what}`).toBe(false);
          }
          if (response.statusCode === 403 && response.body.includes('SESSION_REQUIRED')) {
            // The route signed the fuzzer out (logout, a password reset): sign in again.
            cookie = await signedIn(ctx.app, fuzzer);
            before = await databaseState();
            return;
          }
          await backgroundWorkDone(route);
          const after = await databaseState();
          if (response.statusCode >= 400)
            expect(after, `a refused request changed data: ${what}`).toBe(before);
          before = after;
        }),
        { numRuns: runsPerRoute, seed, endOnFailure: !isLong },
      );
    }, 600_000);
  }

  /** Path parameters no client should send: encoded NUL, broken UTF-8, traversal, huge, prototype. */
  const BAD_PARAMS = [
    '%00',
    '%ED%A0%80',
    '%2E%2E%2F%2E%2E%2Fetc',
    'x'.repeat(5000),
    '__proto__',
    '%',
  ];
  for (const route of routesOfThisEngine(callableRoutes(ctx.app)).filter(
    (r) => pathParamsOf(r).length > 0,
  )) {
    it(`${routeName(route)} answers malformed path parameters without a 5xx, a leak or a change`, async () => {
      const valid = validParamsOf(route);
      for (const name of pathParamsOf(route)) {
        for (const bad of BAD_PARAMS) {
          const before = await databaseState();
          const url = urlWithParams(route, { ...valid, [name]: '\u0001' }).replace('%01', bad);
          const response = await ctx.app.inject({
            method: route.method as 'GET' | 'POST',
            url,
            remoteAddress: randomIp(),
            headers: { cookie, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: '{}' }),
          });
          const what = `${name}=${bad.slice(0, 20)}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          for (const [leak, pattern] of LEAKS) {
            expect(pattern.test(response.body), `${leak} in ${what}`).toBe(false);
          }
          if (response.statusCode >= 400) expect(await databaseState(), what).toBe(before);
        }
      }
    });
  }
});

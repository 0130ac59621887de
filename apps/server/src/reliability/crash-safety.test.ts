import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@bastion/db/client';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { decimalAsMinor } from '@bastion/domain/pricing/slim-result';
import { headerValues } from '../test/quote-fixtures.ts';
import { createPostgresDatabase, testEngine } from '../test/test-database.ts';
import { dataOf, httpApi, messageOf, signIn, type Api } from './calls.ts';
import { quoteBed, type QuoteBed } from './fixtures.ts';
import { dropDatabase } from './postgres.ts';
import { randomFrom, reliabilityProfile, type Random } from './profile.ts';
import {
  readConfiguration,
  replayLineHistory,
  saveConfiguration,
  type Configuration,
  type LineDraft,
  type LineFacts,
} from './scenarios.test-harness.ts';
import { killAllServers, startServer, type ServerProcess } from './server-process.ts';

/*
 * Issue 14, point 4. A server process runs a write loop (quotes created, configurations saved
 * with changing lines, headers renamed) from several writers at once and is killed with SIGKILL
 * at a random moment, several times; after each restart on the same data every write the
 * server acknowledged must be there, and every quote must agree with itself: its lines, its
 * stored total (and their price), its version and its history. A write that was in flight when
 * the process died may be there or not, but whole. On PGlite the data directory is the whole
 * database (it dies with the process); on PostgreSQL only the application dies.
 * docs/decisions/018-concurrency-and-crash-safety.md.
 */

const profile = reliabilityProfile();
const engine = testEngine();
const adminUrl = process.env.TEST_DATABASE_URL;
const where = engine === 'postgres' ? 'PostgreSQL' : 'a PGlite data directory';
if (profile.name === 'long') {
  console.log(
    `crash safety on ${where}: profile long, seed ${profile.seed} (RELIABILITY_SEED=${profile.seed} replays its choices)`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the test believes a quote is: as last acknowledged, or as an unanswered write wanted. */
interface Snapshot {
  version: number;
  name: string;
  lines: Map<string, LineFacts>;
  /** Line ids by SKU, where known. */
  ids: Map<string, string>;
}

interface Tracked {
  id: string;
  number: string;
  writer: number;
  acked: Snapshot;
  /** A write sent and not answered when the server died: it may have happened, whole. */
  inFlight: Snapshot | null;
}

interface LoopState {
  tracked: Map<string, Tracked>;
  /** Names of creations that were sent and never answered. */
  unansweredCreations: Set<string>;
  problems: string[];
  writes: number;
}

const snapshotOf = (configuration: Configuration): Snapshot => ({
  version: configuration.quote.version,
  name: configuration.quote.quote_name,
  lines: new Map(
    configuration.lines.map((l) => [
      l.sku,
      { quantity: l.quantities[0] ?? 0, discount: Number(l.manual_discount_percent) },
    ]),
  ),
  ids: new Map(configuration.lines.map((l) => [l.sku, l.id])),
});

const sortedEntries = (lines: Map<string, LineFacts>) =>
  JSON.stringify([...lines.entries()].sort(([x], [y]) => x.localeCompare(y)));

/** Why `observed` is not `expected`, or null when it is. */
function differenceOf(observed: Snapshot, expected: Snapshot): string | null {
  if (observed.version !== expected.version) {
    return `version ${observed.version}, expected ${expected.version}`;
  }
  if (observed.name !== expected.name)
    return `name "${observed.name}", expected "${expected.name}"`;
  if (sortedEntries(observed.lines) !== sortedEntries(expected.lines)) {
    return `lines ${sortedEntries(observed.lines)}, expected ${sortedEntries(expected.lines)}`;
  }
  for (const [sku, id] of expected.ids) {
    if (observed.ids.get(sku) !== id)
      return `line ${sku} has id ${observed.ids.get(sku)}, not ${id}`;
  }
  return null;
}

/** A network failure: the server is gone (killed). Anything else is an answer. */
async function unlessKilled<T>(call: () => Promise<T>): Promise<T | 'killed'> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TypeError) return 'killed';
    throw error;
  }
}

async function writer(
  index: number,
  api: Api,
  cookie: string,
  bed: QuoteBed,
  random: Random,
  state: LoopState,
  cycle: number,
): Promise<void> {
  let made = 0;
  for (;;) {
    const mine = [...state.tracked.values()].filter((t) => t.writer === index);
    const roll = random.next();
    if (mine.length === 0 || roll < 0.15) {
      const name = `Crash ${profile.seed} c${cycle} w${index} q${made++}`;
      state.unansweredCreations.add(name);
      const answer = await unlessKilled(() =>
        api.post(
          '/api/dx/create-quote',
          {
            opportunity_id: bed.opportunityId,
            values: headerValues({ quote_name: name }),
          },
          cookie,
        ),
      );
      if (answer === 'killed') return;
      if (answer.status !== 200) {
        state.problems.push(`creation ${name}: ${answer.status} ${messageOf(answer)}`);
        return;
      }
      state.unansweredCreations.delete(name);
      const created = dataOf<{ id: string; quote_number: string; version: number }>(answer, name);
      state.tracked.set(created.id, {
        id: created.id,
        number: created.quote_number,
        writer: index,
        acked: { version: created.version, name, lines: new Map(), ids: new Map() },
        inFlight: null,
      });
      state.writes++;
      continue;
    }

    const quote = random.pick(mine);
    const before = quote.acked;
    let intended: Snapshot;
    let send: () => Promise<Awaited<ReturnType<Api['post']>>>;
    if (roll < 0.75) {
      // New lines: some SKUs kept (by id), some dropped, some added; quantities and discounts new.
      const chosen = bed.skus.filter(() => random.next() < 0.6);
      const skus = chosen.length > 0 ? chosen : [random.pick(bed.skus)];
      const drafts: LineDraft[] = skus.map((sku) => {
        const id = before.ids.get(sku);
        return {
          ...(id ? { id } : {}),
          key: sku,
          sku,
          quantities: [random.int(1, 60)],
          manual_discount_percent: String(random.int(0, 40) / 2),
        };
      });
      intended = {
        version: before.version + 1,
        name: before.name,
        lines: new Map(
          drafts.map((d) => [
            d.sku,
            { quantity: d.quantities[0] ?? 0, discount: Number(d.manual_discount_percent) },
          ]),
        ),
        ids: new Map(drafts.flatMap((d) => (d.id ? [[d.sku, d.id] as const] : []))),
      };
      send = () =>
        saveConfiguration(api, cookie, { id: quote.id, version: before.version, lines: drafts });
    } else {
      const name = `${before.name.split(' #')[0]} #${before.version + 1}`;
      intended = { ...before, version: before.version + 1, name };
      send = () =>
        api.post(
          '/api/dx/update-quote',
          { id: quote.id, version: before.version, quote_name: name },
          cookie,
        );
    }
    quote.inFlight = intended;
    const answer = await unlessKilled(send);
    if (answer === 'killed') return;
    if (answer.status !== 200) {
      state.problems.push(`write to ${quote.number}: ${answer.status} ${messageOf(answer)}`);
      return;
    }
    const data = (answer.body as { data: Configuration | Configuration['quote'] }).data;
    const observed: Snapshot =
      'lines' in data
        ? snapshotOf(data)
        : { ...before, version: data.version, name: data.quote_name };
    const difference = differenceOf(observed, intended);
    if (difference) state.problems.push(`answer for ${quote.number}: ${difference}`);
    quote.acked = observed;
    quote.inFlight = null;
    state.writes++;
  }
}

interface HistoryEntry {
  version: number;
  action: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * A quote agrees with itself: its history has one entry per version from 1 to its version, the
 * history's line changes replay to its lines, its name and total are the last the history
 * records, and the total is what its lines price at.
 */
function checkSelfConsistent(
  label: string,
  row: { version: number; name: string; total: number; lines: Map<string, LineFacts> },
  history: HistoryEntry[],
  problems: string[],
) {
  const entries = [...history].sort((x, y) => x.version - y.version);
  const versions = entries.map((e) => e.version);
  const wanted = Array.from({ length: row.version }, (_, i) => i + 1);
  if (JSON.stringify(versions) !== JSON.stringify(wanted)) {
    problems.push(
      `${label}: history versions ${JSON.stringify(versions)} for version ${row.version}`,
    );
    return;
  }
  try {
    const replayed = replayLineHistory(entries, () => undefined);
    if (sortedEntries(replayed) !== sortedEntries(row.lines)) {
      problems.push(
        `${label}: history replays to ${sortedEntries(replayed)}, lines are ${sortedEntries(row.lines)}`,
      );
    }
  } catch (error) {
    problems.push(`${label}: history does not chain: ${String(error)}`);
  }
  let name: unknown = null;
  let total: unknown = 0;
  for (const entry of entries) {
    for (const change of entry.changes) {
      if (change.field === 'quote_name') name = change.after;
      if (change.field === 'total') total = change.after;
    }
  }
  if (name !== row.name)
    problems.push(`${label}: history names it "${String(name)}", it is "${row.name}"`);
  if (total !== row.total)
    problems.push(`${label}: history total ${String(total)}, stored ${row.total}`);
}

/** After a restart, through the API: every acknowledged write is there, every quote is whole. */
async function verifyThroughApi(api: Api, cookie: string, state: LoopState) {
  const introspect = await api.get('/api/security/introspect', cookie);
  if (introspect.status !== 200) {
    state.problems.push(`the acknowledged sign-in's session was lost: ${introspect.status}`);
    return;
  }
  for (const quote of state.tracked.values()) {
    const label = `${quote.number} (${quote.acked.name})`;
    let answer: Configuration;
    try {
      answer = await readConfiguration(api, cookie, quote.id);
    } catch (error) {
      state.problems.push(`${label}: acknowledged quote unreadable: ${String(error)}`);
      continue;
    }
    const observed = snapshotOf(answer);
    const fromAcked = differenceOf(observed, quote.acked);
    const fromInFlight = quote.inFlight ? differenceOf(observed, quote.inFlight) : 'none in flight';
    if (fromAcked !== null && fromInFlight !== null) {
      state.problems.push(
        `${label}: neither the acknowledged state (${fromAcked}) nor the write in flight (${fromInFlight})`,
      );
    }
    const history = dataOf<{ entries: HistoryEntry[] }>(
      await api.post('/api/dx/quote-history', { id: quote.id }, cookie),
      `history of ${label}`,
    );
    checkSelfConsistent(
      label,
      {
        version: observed.version,
        name: observed.name,
        total: answer.quote.total_amount_minor,
        lines: observed.lines,
      },
      history.entries,
      state.problems,
    );
    const priced =
      answer.lines.length === 0 ? 0 : decimalAsMinor(answer.pricing?.result?.totals.net ?? '');
    if (priced !== answer.quote.total_amount_minor) {
      state.problems.push(
        `${label}: stored total ${answer.quote.total_amount_minor}, its lines price at ${priced}`,
      );
    }
    quote.acked = observed;
    quote.inFlight = null;
  }
}

/** At the end, in the database itself: the same checks for every quote of the opportunity. */
async function verifyInDatabase(db: Database, bed: QuoteBed, state: LoopState) {
  const rows = await db.select().from(quotes).where(eq(quotes.opportunityId, bed.opportunityId));
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids))
    : [];
  const history = ids.length
    ? await db
        .select()
        .from(quoteHistory)
        .where(inArray(quoteHistory.quoteId, ids))
        .orderBy(asc(quoteHistory.id))
    : [];
  for (const quote of state.tracked.values()) {
    if (!ids.includes(quote.id))
      state.problems.push(`${quote.number}: acknowledged, not in the database`);
  }
  for (const row of rows) {
    const tracked = state.tracked.get(row.id);
    const label = `${row.quoteNumber} (${row.quoteName})`;
    if (!tracked && !state.unansweredCreations.has(row.quoteName)) {
      state.problems.push(`${label}: a quote nobody created`);
    }
    const own = lines.filter((l) => l.quoteId === row.id);
    const facts = new Map(
      own.map((l) => [l.sku, { quantity: l.y1, discount: Number(l.manualDiscountPercent) }]),
    );
    if (tracked) {
      const difference = differenceOf(
        {
          version: row.version,
          name: row.quoteName,
          lines: facts,
          ids: new Map(own.map((l) => [l.sku, l.id])),
        },
        tracked.acked,
      );
      if (difference) state.problems.push(`${label}: in the database ${difference}`);
    }
    checkSelfConsistent(
      label,
      { version: row.version, name: row.quoteName, total: row.totalAmountMinor, lines: facts },
      history.filter((h) => h.quoteId === row.id),
      state.problems,
    );
  }
  // Numbers never acknowledged may be skipped (decision 018); none is used twice.
  const serials = rows.map((r) => Number(/(\d+)$/.exec(r.quoteNumber)?.[1])).sort((x, y) => x - y);
  const skipped =
    serials.length === 0 ? 0 : (serials.at(-1) ?? 0) - (serials[0] ?? 0) + 1 - serials.length;
  return { quotes: rows.length, skipped };
}

/** The loop makes hundreds of calls a minute on one session: request limits are not its subject. */
const SERVER_ENV = {
  SEED_DEMO: '0',
  RATE_LIMIT_API_PER_MINUTE: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
};

interface Target {
  env: Record<string, string>;
  /** Opens the database in this process (PGlite: only while no server has it open). */
  open: () => Promise<DatabaseHandle>;
  cleanUp: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bastion-crash-'));
  return {
    env: { DATA_DIR: dataDir, ...SERVER_ENV },
    open: () => openDatabase({ engine: 'pglite', dataDir }),
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const databaseUrl = await createPostgresDatabase(url);
  return {
    env: { DATABASE_URL: databaseUrl, ...SERVER_ENV },
    open: () => openDatabase({ engine: 'postgres', url: databaseUrl }),
    cleanUp: () => dropDatabase(url, databaseUrl),
  };
}

let target: Target | null = null;
afterAll(async () => {
  await killAllServers();
  await target?.cleanUp();
});

describe(`crash safety on ${where}`, () => {
  it(
    `keeps every acknowledged write whole through ${profile.crashCycles} SIGKILLs`,
    async () => {
      target =
        engine === 'postgres' && adminUrl ? await postgresTarget(adminUrl) : await pgliteTarget();
      const seedText = `seed ${profile.seed}, profile ${profile.name}`;

      // The database and this test's data are made first; the server then opens them as its own.
      let handle = await target.open();
      await handle.migrate();
      await seedReferenceData(handle.db);
      const bed = await quoteBed(handle.db, { emailDomain: 'bastion.test' });
      if (engine !== 'postgres') await handle.close();

      const state: LoopState = {
        tracked: new Map(),
        unansweredCreations: new Set(),
        problems: [],
        writes: 0,
      };
      const killer = randomFrom(profile.seed);
      const cycleWrites: number[] = [];
      let server: ServerProcess = await startServer(target.env);
      const cookie = await signIn(httpApi(server.baseUrl, 'server'), bed.owner);

      for (let cycle = 1; cycle <= profile.crashCycles; cycle++) {
        const api = httpApi(server.baseUrl, `server (cycle ${cycle})`);
        const writers = Array.from({ length: profile.crashWriters }, (_, w) =>
          writer(w, api, cookie, bed, randomFrom(profile.seed + cycle * 100 + w), state, cycle),
        );
        // The kill lands at a random moment once the loop is writing (a server still warming up
        // would mostly be killed between requests).
        const writesAtStart = state.writes;
        const deadline = Date.now() + 60_000;
        while (state.writes === writesAtStart && state.problems.length === 0) {
          if (Date.now() > deadline) throw new Error(`${seedText}: cycle ${cycle} wrote nothing`);
          await sleep(10);
        }
        await sleep(killer.int(...profile.killAfterMs));
        const writesBefore = state.writes;
        await server.kill();
        await Promise.all(writers);
        expect(state.problems, `${seedText}, cycle ${cycle}, before the kill`).toEqual([]);
        cycleWrites.push(state.writes - writesAtStart);

        server = await startServer(target.env);
        await verifyThroughApi(httpApi(server.baseUrl, 'restarted'), cookie, state);
        expect(
          state.problems,
          `${seedText}, after restart ${cycle} (${writesBefore} writes so far)`,
        ).toEqual([]);
      }

      if (profile.name === 'long') {
        console.log(
          `crash safety on ${where}: ${state.writes} acknowledged writes (${cycleWrites.join(', ')} per cycle), ${state.tracked.size} quotes, ${state.unansweredCreations.size} creations unanswered`,
        );
      }
      await server.stop();
      if (engine !== 'postgres') handle = await target.open();
      const checked = await verifyInDatabase(handle.db, bed, state);
      if (profile.name === 'long') {
        console.log(
          `crash safety on ${where}: ${checked.quotes} quotes in the database, ${checked.skipped} quote numbers skipped (never acknowledged)`,
        );
      }
      await handle.close();
      expect(state.problems, `${seedText}, in the database`).toEqual([]);
      expect(checked.quotes).toBeGreaterThanOrEqual(state.tracked.size);
    },
    profile.timeoutMs,
  );
});

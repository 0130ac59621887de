import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@bastion/db/client';
import { decimalAsMinor } from '@bastion/domain/pricing/slim-result';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { STALE_QUOTE_MESSAGE } from '../core/quotes/quote-writes.repository.ts';
import { headerValues } from '../test/quote-fixtures.ts';
import type { TestUser } from '../test/test-app.ts';
import { dataOf, messageOf, type Answer, type Api } from './calls.ts';
import type { QuoteBed } from './fixtures.ts';
import type { GatedTable, RowGate } from './postgres.ts';

/**
 * The concurrency scenarios of issue 14, written once and run both against the in-process app
 * (PGlite and PostgreSQL) and against two server processes sharing one PostgreSQL
 * (docs/decisions/018). Each one fires its requests at once, then checks the database itself,
 * not only the answers.
 */
export interface Stage {
  db: Database;
  /** The servers; requests are spread over them in turn. */
  apis: readonly Api[];
  bed: QuoteBed;
  cookies: { owner: string; desk: string };
  /** PostgreSQL only: holds a row so the storm's transactions are certain to overlap. */
  gate?: { hold: (table: GatedTable, id: string) => Promise<RowGate>; waiters: number };
}

export interface ConfigurationLine {
  id: string;
  sku: string;
  quantities: number[];
  manual_discount_percent: string;
}

export interface Configuration {
  quote: {
    id: string;
    version: number;
    status_id: string;
    quote_name: string;
    total_amount_minor: number;
  };
  lines: ConfigurationLine[];
  /** The configure page's slim pricing: money as decimal text. */
  pricing: { ok: boolean; result?: { totals: { net: string } } } | null;
}

export interface LineDraft {
  id?: string;
  key: string;
  sku: string;
  quantities: number[];
  manual_discount_percent?: string;
}

export const apiFor = (stage: Stage, i: number): Api => {
  const api = stage.apis[i % stage.apis.length];
  if (!api) throw new Error('a stage needs at least one server');
  return api;
};

/**
 * Starts the storm; with a gate, only once the gate holds its row, and the gate opens when
 * enough of the storm's transactions wait on it together.
 */
export async function storm<T>(
  stage: Stage,
  held: { table: GatedTable; id: string },
  start: () => Promise<T>[],
): Promise<T[]> {
  if (!stage.gate) return Promise.all(start());
  const gate = await stage.gate.hold(held.table, held.id);
  const settled = Promise.allSettled(start());
  let gateFailure: unknown = null;
  try {
    await gate.waitForWaiters(stage.gate.waiters);
  } catch (error) {
    gateFailure = error;
  } finally {
    await gate.release();
  }
  const results = await settled;
  const rejected = results.find((r) => r.status === 'rejected');
  const failed: unknown = gateFailure ?? (rejected?.reason as unknown);
  if (failed !== undefined && failed !== null) {
    throw failed instanceof Error ? failed : new Error(JSON.stringify(failed));
  }
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

export async function createQuoteAs(
  api: Api,
  cookie: string,
  opportunityId: string,
  values: Record<string, unknown> = {},
): Promise<{ id: string; quote_number: string; version: number }> {
  return dataOf(
    await api.post(
      '/api/dx/create-quote',
      { opportunity_id: opportunityId, values: headerValues(values) },
      cookie,
    ),
    'create-quote',
  );
}

export const readConfiguration = async (api: Api, cookie: string, id: string) =>
  dataOf<Configuration>(
    await api.post('/api/dx/quote-configuration', { id }, cookie),
    'quote-configuration',
  );

export const saveConfiguration = (
  api: Api,
  cookie: string,
  body: { id: string; version: number; lines: LineDraft[]; advance?: boolean },
) => api.post('/api/dx/save-quote-configuration', { advance: false, ...body }, cookie);

/** A line as the history and the tables describe it: SKU, first-year quantity, discount. */
export type LineFacts = { quantity: number; discount: number };
const factsOfDraft = (line: LineDraft): LineFacts => ({
  quantity: line.quantities[0] ?? 0,
  discount: Number(line.manual_discount_percent ?? '0'),
});
type HistoryLine = { sku: string; quantities: number[]; discount: string } | null;

/**
 * Replays a quote's history: each line change must start from what the entries before it left
 * (no change was made from a state someone else had already replaced), and after the entry of
 * version v the lines are what `expected(v)` says, when it says.
 */
export function replayLineHistory(
  entries: readonly {
    version: number;
    changes: { field: string; before: unknown; after: unknown }[];
  }[],
  expected: (version: number) => Map<string, LineFacts> | undefined,
): Map<string, LineFacts> {
  const state = new Map<string, LineFacts>();
  const toFacts = (line: HistoryLine): LineFacts | null =>
    line ? { quantity: line.quantities[0] ?? 0, discount: Number(line.discount) } : null;
  for (const entry of entries) {
    for (const change of entry.changes) {
      if (!change.field.startsWith('line ')) continue;
      const sku = change.field.slice('line '.length);
      expect(state.get(sku) ?? null, `version ${entry.version}: ${change.field} before`).toEqual(
        toFacts(change.before as HistoryLine),
      );
      const after = toFacts(change.after as HistoryLine);
      if (after) state.set(sku, after);
      else state.delete(sku);
    }
    const wanted = expected(entry.version);
    if (wanted) expect(state, `lines after version ${entry.version}`).toEqual(wanted);
  }
  return state;
}

export async function storedLineFacts(db: Database, quoteId: string) {
  const rows = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  return {
    rows,
    facts: new Map(
      rows.map((r) => [r.sku, { quantity: r.y1, discount: Number(r.manualDiscountPercent) }]),
    ),
  };
}

interface SaveOutcome {
  task: number;
  user: TestUser;
  api: string;
  namedVersion: number;
  sent: LineDraft[];
  answer: Answer;
}

/**
 * Saves of one quote's configuration from its owner and the deal desk at once, each from the
 * version it has just read. Exactly one save wins per version; every other gets 409 with the
 * reload message; the version went up once per accepted save, the history has one entry per
 * accepted save, each made from the lines the one before left, and the quote's lines and total
 * are those of the last accepted save: no line lost, none from a refused save.
 */
export async function configurationStorm(stage: Stage, saves: number) {
  const { bed, db } = stage;
  const quote = await createQuoteAs(apiFor(stage, 0), stage.cookies.owner, bed.opportunityId);
  const [base, ...extras] = bed.skus;
  if (!base || extras.length === 0) throw new Error('the bed needs several SKUs');

  const outcomes = await storm(stage, { table: 'quotes', id: quote.id }, () =>
    Array.from({ length: saves }, async (_, task): Promise<SaveOutcome> => {
      const isOwner = task % 2 === 0;
      const user = isOwner ? bed.owner : bed.desk;
      const cookie = isOwner ? stage.cookies.owner : stage.cookies.desk;
      const api = apiFor(stage, Math.floor(task / 2));
      const read = await readConfiguration(api, cookie, quote.id);
      const kept = read.lines.find((line) => line.sku === base);
      // Every save keeps the base line (by id) with its own quantity and swaps the other line
      // for one of its own: a second accepted save at one version would leave a line too many.
      const sent: LineDraft[] = [
        {
          ...(kept ? { id: kept.id } : {}),
          key: 'base',
          sku: base,
          quantities: [task + 1],
          manual_discount_percent: String(task % 10),
        },
        { key: 'extra', sku: extras[task % extras.length] ?? base, quantities: [100 + task] },
      ];
      const answer = await saveConfiguration(api, cookie, {
        id: quote.id,
        version: read.quote.version,
        lines: sent,
      });
      return { task, user, api: api.name, namedVersion: read.quote.version, sent, answer };
    }),
  );

  const describe = (o: SaveOutcome) =>
    `save ${o.task} by ${o.user === bed.owner ? 'owner' : 'desk'} on ${o.api} at version ${o.namedVersion}: ${o.answer.status} ${messageOf(o.answer)}`;
  for (const outcome of outcomes) {
    expect([200, 409], describe(outcome)).toContain(outcome.answer.status);
    if (outcome.answer.status === 409) {
      expect(outcome.answer.body, describe(outcome)).toMatchObject({
        error: 'CONFLICT',
        message: STALE_QUOTE_MESSAGE,
      });
    }
  }
  const winners = outcomes
    .filter((o) => o.answer.status === 200)
    .sort((a, b) => a.namedVersion - b.namedVersion);
  const named = [...new Set(outcomes.map((o) => o.namedVersion))].sort((a, b) => a - b);
  // Every version someone saved from was won by exactly one save, and versions advanced 1 by 1.
  expect(
    winners.map((w) => w.namedVersion),
    'the version each accepted save was made from',
  ).toEqual(named);
  expect(named).toEqual(Array.from({ length: winners.length }, (_, i) => i + 1));
  for (const winner of winners) {
    const data = dataOf<Configuration>(winner.answer, describe(winner));
    expect(data.quote.version, describe(winner)).toBe(winner.namedVersion + 1);
  }

  const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
  expect(row?.version).toBe(1 + winners.length);
  const history = await db
    .select()
    .from(quoteHistory)
    .where(eq(quoteHistory.quoteId, quote.id))
    .orderBy(asc(quoteHistory.version), asc(quoteHistory.id));
  expect(history.map((h) => [h.version, h.action, h.actorUserId])).toEqual([
    [1, 'created', bed.owner.id],
    ...winners.map((w) => [w.namedVersion + 1, 'products_saved', w.user.id]),
  ]);
  const linesAfter = new Map(
    winners.map((w) => [
      w.namedVersion + 1,
      new Map(w.sent.map((line) => [line.sku, factsOfDraft(line)])),
    ]),
  );
  replayLineHistory(history, (version) => linesAfter.get(version));

  const last = winners.at(-1);
  const first = winners[0];
  if (!last || !first) throw new Error('no save was accepted');
  const stored = await storedLineFacts(db, quote.id);
  expect(stored.facts).toEqual(linesAfter.get(last.namedVersion + 1));
  // The base line kept its id from the first accepted save on.
  const firstBase = dataOf<Configuration>(first.answer, 'first save').lines.find(
    (l) => l.sku === base,
  );
  expect(stored.rows.find((r) => r.sku === base)?.id).toBe(firstBase?.id);
  const lastData = dataOf<Configuration>(last.answer, 'last save');
  expect(row?.totalAmountMinor).toBe(decimalAsMinor(lastData.pricing?.result?.totals.net ?? ''));
  return { quoteId: quote.id, accepted: winners.length, refused: outcomes.length - winners.length };
}

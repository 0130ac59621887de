import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { headerValues } from '../../test/quote-fixtures.ts';
import { CallFailed, type BenchClient } from './http-client.ts';
import { LOAD_PASSWORD, LOAD_SKU, type LoadAccount } from './seed.ts';

/*
 * What one simulated user does. Only request payloads and ids/versions of the answers are used,
 * so the bench does not depend on the inner shape of pricing answers.
 */

interface QuoteRef {
  id: string;
  version: number;
}
interface Line {
  id: string;
  sku: string;
  quantities: number[];
  manual_discount_percent: string;
  parent_line_id: string | null;
}
interface Configuration {
  quote: QuoteRef;
  lines: Line[];
}

export async function signIn(client: BenchClient, account: LoadAccount): Promise<void> {
  await client.call('sign in', '/api/security/auth/login', {
    email: account.email,
    password: LOAD_PASSWORD,
  });
}

/** Signs in, trying again after a pause while it fails; false when the run ended first. */
async function signInWithin(
  client: BenchClient,
  account: LoadAccount,
  settings: LoopSettings,
): Promise<boolean> {
  while (Date.now() < settings.until) {
    try {
      await signIn(client, account);
      return true;
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await think(settings);
    }
  }
  return false;
}

/** A new quote of the seller's on its opportunity with one subscription line at `discount` %. */
export async function createConfiguredQuote(
  client: BenchClient,
  account: LoadAccount,
  name: string,
  discount: string,
  advance: boolean,
): Promise<Configuration> {
  const made = await client.call<{ id: string }>('create quote', '/api/dx/create-quote', {
    opportunity_id: account.opportunityId,
    values: headerValues({ quote_name: name }),
  });
  return client.call<Configuration>('save configuration', '/api/dx/save-quote-configuration', {
    id: made.id,
    version: 1,
    advance,
    lines: [{ key: 'l1', sku: LOAD_SKU, quantities: [10], manual_discount_percent: discount }],
  });
}

/** A quote taken through shipping and terms and submitted: one finance step awaits approval. */
export async function submitQuoteForApproval(
  client: BenchClient,
  account: LoadAccount,
  name: string,
): Promise<void> {
  const configured = await createConfiguredQuote(client, account, name, '12', true);
  const id = configured.quote.id;
  await client.call('save shipping', '/api/dx/save-quote-shipping', {
    id,
    version: configured.quote.version,
    products: [],
    lines: [],
    advance: true,
  });
  const terms = await client.call<{
    quote: QuoteRef;
    clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
  }>('get terms', '/api/dx/quote-terms/get', { id });
  const saved = await client.call<{ quote: QuoteRef }>('save terms', '/api/dx/quote-terms/save', {
    id,
    version: terms.quote.version,
    clauses: terms.clauses.map((term, position) =>
      term.is_custom
        ? { custom_text: term.template, custom_title: term.title, position }
        : { clause_id: term.clause_id ?? '', position },
    ),
  });
  await client.call('submit', '/api/dx/quote/approval', {
    action: 'submit',
    quote_id: id,
    version: saved.quote.version,
  });
}

export interface LoopSettings {
  until: number;
  thinkMinMs: number;
  thinkMaxMs: number;
  /** Approvers approve the step they opened (off in capacity runs, to keep the supply). */
  decide: boolean;
}

const think = (s: LoopSettings) =>
  s.thinkMaxMs <= 0
    ? Promise.resolve()
    : sleep(
        s.thinkMaxMs <= s.thinkMinMs ? s.thinkMinMs : randomInt(s.thinkMinMs, s.thinkMaxMs + 1),
      );

/** Keeps going after a failed call (it is counted); a user stops only at the deadline. */
async function tolerate(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
  }
}

const GRID_SORTS = [
  { field: 'updated_at', direction: 'desc' },
  { field: 'updated_at', direction: 'desc' },
  { field: 'total', direction: 'desc' },
  { field: 'quote_name', direction: 'asc' },
] as const;
const STATUS_FILTERS = [[], [], ['INCOMPLETE'], ['PENDING_APPROVAL', 'APPROVED']];

/**
 * A seller: opens the quotes grid, opens one of their working quotes (the quote and its
 * configuration, as the configure page does), prices a changed quantity, and saves it one time
 * in three; a pause of `think` after each page.
 */
export async function runSeller(
  client: BenchClient,
  account: LoadAccount,
  quoteIds: string[],
  settings: LoopSettings,
): Promise<void> {
  if (!client.isSignedIn && !(await signInWithin(client, account, settings))) return;
  while (Date.now() < settings.until) {
    await tolerate(async () => {
      await client.call('grid', '/api/dx/grid', {
        module_name: randomInt(4) === 0 ? 'my-quotes' : 'quotes',
        filters: { status: STATUS_FILTERS[randomInt(STATUS_FILTERS.length)] },
        sort: GRID_SORTS[randomInt(GRID_SORTS.length)],
        page: 1 + randomInt(3),
        page_size: 25,
      });
    });
    await think(settings);
    if (Date.now() >= settings.until) break;
    const id = quoteIds[randomInt(quoteIds.length)];
    if (id === undefined) continue;
    let configuration: Configuration | null = null;
    await tolerate(async () => {
      await client.call('get quote', '/api/dx/get-quote', { id });
      configuration = await client.call<Configuration>(
        'get configuration',
        '/api/dx/quote-configuration',
        { id },
      );
    });
    await think(settings);
    if (configuration === null || Date.now() >= settings.until) continue;
    const { quote, lines } = configuration as Configuration;
    const drafts = lines.map((line) => ({
      id: line.id,
      key: line.id,
      sku: line.sku,
      quantities: line.quantities.map(() => 1 + randomInt(50)),
      manual_discount_percent: line.manual_discount_percent,
      ...(line.parent_line_id ? { parent_key: line.parent_line_id } : {}),
    }));
    await tolerate(() =>
      client.call('price', '/api/dx/pricing/execute', { id, lines: drafts }).then(() => undefined),
    );
    if (randomInt(3) === 0) {
      await think(settings);
      if (Date.now() >= settings.until) break;
      await tolerate(() =>
        client
          .call('save configuration', '/api/dx/save-quote-configuration', {
            id,
            version: quote.version,
            advance: false,
            lines: drafts,
          })
          .then(() => undefined),
      );
    }
    await think(settings);
  }
}

/** Steps some approver has taken: two approvers never decide the same step. */
const claimedSteps = new Set<string>();

/**
 * An approver: opens their approval queue, opens the first quote nobody else has taken (its
 * approval state) and approves its step; a pause after each page. With an empty queue, only the
 * queue is opened.
 */
export async function runApprover(
  client: BenchClient,
  account: LoadAccount,
  settings: LoopSettings,
  counters: { queueEmpty: number },
): Promise<void> {
  if (!client.isSignedIn && !(await signInWithin(client, account, settings))) return;
  while (Date.now() < settings.until) {
    let pick: { step_id: string; quote_id: string } | undefined;
    await tolerate(async () => {
      const queue = await client.call<{ rows: { step_id: string; quote_id: string }[] }>(
        'approval queue',
        '/api/dx/approval-queue',
        { assigned_to: 'ME', page: 1, page_size: 50 },
      );
      pick = queue.rows.find((row) => !claimedSteps.has(row.step_id));
      if (pick && settings.decide) claimedSteps.add(pick.step_id);
    });
    await think(settings);
    if (Date.now() >= settings.until) break;
    if (!pick) {
      counters.queueEmpty++;
      continue;
    }
    const chosen = pick;
    await tolerate(async () => {
      await client.call('approval state', '/api/dx/quote/approval', {
        action: 'get',
        quote_id: chosen.quote_id,
      });
    });
    await think(settings);
    if (!settings.decide) continue;
    if (Date.now() >= settings.until) break;
    await tolerate(async () => {
      await client.call('approve', '/api/dx/quote/approval', {
        action: 'approve',
        quote_id: chosen.quote_id,
        step_id: chosen.step_id,
        comment: '',
      });
    });
    await think(settings);
  }
}

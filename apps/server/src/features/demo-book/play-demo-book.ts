import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { contracts } from '@bastion/db/schema/quotes';
import { sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import {
  DEMO_BOOK_ACTORS,
  demoBookQuotes,
  type DemoBookQuote,
} from '@bastion/db/seed/quote-book-demo-data';
import type { ServerConfig } from '../../config.ts';
import { hashOpaqueToken } from '../../lib/opaque-token.ts';
import { openSession } from '../../lib/sessions.ts';
import { recordDemoBook, snapshotDatabase, type DemoBookRecording } from './demo-book-recording.ts';

/*
 * Plays the demo book (packages/db/src/seed/quote-book-demo-data.ts) through the server's own API,
 * as its sellers, deal desk and approver would click it, so every quote is what the product
 * makes: priced, with its history, approvals, comments and documents. Everything happens now
 * (20 s and more on PGlite), then each step's writes are moved back to the day the story gives
 * it. A fresh demo database does not play it: it loads the recording of a play (decision 035).
 */

const DAY_MS = 86_400_000;
const STEP_GAP_MS = 60_000;
const DEAL_DESK = 'dealdesk@bastion.test';

interface Step {
  /** When the step's writes began and ended, by the clock the database stamps them with. */
  from: number;
  to: number;
  /** Where in the quote's story the step belongs, in days after its creation. */
  day: number;
}

export class DemoBookError extends Error {}

/** A POST as the demo account `actor`; answers the envelope's data, or nothing for a file. */
export type Call = <T>(
  actor: string,
  path: string,
  body: unknown,
  answer?: 'json' | 'file',
) => Promise<T>;

interface OpportunityForQuote {
  sales_channel: string;
  deal_type: string | null;
  prefill: Record<string, unknown>;
}

interface ShippingData {
  quote: { version: number };
  products: { line_id: string; quantities: number[] }[];
  regions: { value: string }[];
  incoterms: { value: string }[];
}

interface ApprovalAnswer extends QuoteState {
  current: {
    stages: { steps: { id: string; group_name: string; state: string }[] }[];
  } | null;
}

/** Who decides for a group of the demo's approval set-up (approval-demo-data.ts). */
const DEMO_DECIDERS: Readonly<Record<string, string>> = {
  'Finance approvers': 'approver@bastion.test',
  'Deal desk': DEAL_DESK,
};

/** The first step an open submission waits on that a demo account decides, and who. */
function pendingStepOf(state: ApprovalAnswer | null): { id: string; by: string } | null {
  for (const stage of state?.current?.stages ?? []) {
    for (const s of stage.steps) {
      const by = DEMO_DECIDERS[s.group_name];
      if (s.state === 'pending' && by) return { id: s.id, by };
    }
  }
  return null;
}

interface QuoteState {
  quote: { id: string; version: number; status_id: string };
}

/** What the renewal configurator opens with (renewals/quote-configuration), as the seed uses it. */
interface RenewalConfigurationData extends QuoteState {
  term_start: string | null;
  contracts: {
    entitlements: {
      id: string;
      billing: string;
      quantity: number;
      start_date: string;
      end_date: string;
    }[];
  }[];
  pricing: { lines: { entitlement_id: string | null; quantity: number }[] };
}

/** The demo accounts' sessions for a seed's calls, and a way to end them all. */
export async function demoSessions(app: FastifyInstance, db: Database, config: ServerConfig) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...DEMO_BOOK_ACTORS]));
  const cookies = new Map<string, string>();
  const tokenHashes: string[] = [];
  for (const person of people) {
    const token = await openSession(db, config, {
      userId: person.id,
      ip: '127.0.0.1',
      userAgent: 'Bastion CPQ demo seed',
      previousTokenHash: null,
    });
    tokenHashes.push(hashOpaqueToken(token));
    cookies.set(person.email, `${config.session.cookieName}=${token}`);
  }

  const call: Call = async <T>(actor: string, path: string, body: unknown, answer = 'json') => {
    const cookie = cookies.get(actor);
    if (!cookie) throw new DemoBookError(`no demo account ${actor}`);
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: body as Record<string, unknown>,
      headers: { cookie },
    });
    if (response.statusCode !== 200) {
      throw new DemoBookError(`${actor} ${path}: ${response.statusCode} ${response.body}`);
    }
    return answer === 'file' ? (undefined as T) : response.json<{ data: T }>().data;
  };

  // A thousand calls would each log their request and the mails they send: only problems show.
  const logLevel = app.log.level;
  if (['trace', 'debug', 'info'].includes(logLevel)) app.log.level = 'warn';
  const end = async () => {
    app.log.level = logLevel;
    if (tokenHashes.length > 0) {
      await db.delete(sessions).where(inArray(sessions.tokenHash, tokenHashes));
    }
  };
  return { call, end };
}

/**
 * Plays the whole demo book into `db` through the app's API, each quote's writes moved back to
 * its story's days before `now`; answers how many quotes it made. Only `npm run
 * demo-book:record` and the test that keeps the recording true play it (decision 035).
 */
export async function playDemoBook(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  now = new Date(),
): Promise<number> {
  const { call, end } = await demoSessions(app, db, config);

  // The create-quote form's prefill, asked once per opportunity as its page would.
  const opportunities = new Map<string, Promise<OpportunityForQuote>>();
  const opportunityOf = (owner: string, id: string) => {
    const known =
      opportunities.get(id) ?? call<OpportunityForQuote>(owner, '/api/dx/get-opportunity', { id });
    opportunities.set(id, known);
    return known;
  };

  // Renewals, co-terms and true-ups are made from the contract a completed quote of the book made.
  const quoteIdByKey = new Map<string, string>();
  const contractOf = async (key: string) => {
    const sourceQuoteId = quoteIdByKey.get(key);
    const [contract] = sourceQuoteId
      ? await db
          .select({ id: contracts.id })
          .from(contracts)
          .where(eq(contracts.sourceQuoteId, sourceQuoteId))
      : [];
    if (!contract) throw new DemoBookError(`${key} made no contract to renew`);
    return contract.id;
  };

  const timelines: { quoteId: string; ageDays: number; stepDays: number; steps: Step[] }[] = [];
  try {
    for (const plan of demoBookQuotes()) {
      const steps: Step[] = [];
      const quoteId = await playQuote(
        call,
        plan,
        async (day, run) => {
          const from = Date.now();
          await run();
          steps.push({ from, to: Date.now() + 1, day });
        },
        opportunityOf,
        contractOf,
      ).catch((error: unknown) => {
        // Which story failed, for whoever reads the log.
        throw new DemoBookError(
          `${plan.key}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      quoteIdByKey.set(plan.key, quoteId);
      timelines.push({ quoteId, ageDays: plan.ageDays, stepDays: plan.stepDays, steps });
    }
    await moveBack(db, timelines, now);
  } finally {
    await end();
  }
  return timelines.length;
}

/** One quote's story, step by step; answers its id. */
async function playQuote(
  call: Call,
  plan: DemoBookQuote,
  step: (day: number, run: () => Promise<void>) => Promise<void>,
  opportunityOf: (owner: string, id: string) => Promise<OpportunityForQuote>,
  contractOf: (key: string) => Promise<string>,
): Promise<string> {
  const owner = plan.ownerEmail;
  let quote: QuoteState['quote'] = { id: '', version: 1, status_id: 'INCOMPLETE' };
  let approvalState: ApprovalAnswer | null = null;
  let day = 0;
  const next = () => (day += 1);

  await step(day, async () => {
    if (plan.renewal) {
      // Made in one click on the renewals desk: the header is the contract's.
      const created = await call<{ id: string }>(owner, '/api/dx/renewals/create-quote', {
        contract_id: await contractOf(plan.renewal.of),
        kind: plan.renewal.kind,
      });
      quote = { id: created.id, version: 1, status_id: 'INCOMPLETE' };
      return;
    }
    const opportunity = await opportunityOf(owner, plan.opportunityId);
    const created = await call<{ id: string; version: number }>(owner, '/api/dx/create-quote', {
      opportunity_id: plan.opportunityId,
      values: headerValues(plan, opportunity),
    });
    quote = { id: created.id, version: created.version, status_id: 'INCOMPLETE' };
  });

  const goes = (end: DemoBookQuote['ends']) => storyReaches(plan.ends, end);
  // The comments come with the day's last step: after the terms, before a submission.
  const writeComments = async () => {
    for (const comment of plan.comments) {
      await step(day, async () => {
        await call(comment.by, '/api/dx/add-quote-comment', {
          quote_id: quote.id,
          kind: comment.kind,
          body: comment.body,
        });
      });
    }
  };
  // A legacy quote records a deal made elsewhere: read-only once created.
  if (plan.quoteType === 'LEGACY') return quote.id;
  const renewal = plan.renewal;
  await step(next(), async () => {
    if (renewal) {
      const opened = await call<RenewalConfigurationData>(
        owner,
        '/api/dx/renewals/quote-configuration',
        { id: quote.id },
      );
      const saved = await call<QuoteState>(owner, '/api/dx/renewals/save-configuration', {
        id: quote.id,
        version: opened.quote.version,
        advance: goes('SH_HW_CONFIG'),
        draft: renewalDraft(renewal.kind, plan, opened),
      });
      quote = saved.quote;
      return;
    }
    const saved = await call<QuoteState>(owner, '/api/dx/save-quote-configuration', {
      id: quote.id,
      version: quote.version,
      advance: goes('SH_HW_CONFIG'),
      lines: plan.lines.map((line, i) => ({
        key: `l${i + 1}`,
        sku: line.sku,
        quantities: line.quantities,
        ...(line.discount ? { manual_discount_percent: line.discount } : {}),
      })),
    });
    quote = saved.quote;
  });

  if (goes('TNC')) {
    await step(next(), async () => {
      // Each appliance ships whole, to the first region and incoterm the page offers.
      const shipping = await call<ShippingData>(owner, '/api/dx/quote-shipping', { id: quote.id });
      const region = shipping.regions[0]?.value ?? '';
      const incoterm = shipping.incoterms[0]?.value ?? '';
      const saved = await call<QuoteState>(owner, '/api/dx/save-quote-shipping', {
        id: quote.id,
        version: shipping.quote.version,
        products: [],
        lines: shipping.products.map((product) => ({
          line_id: product.line_id,
          region,
          incoterm,
          quantity: product.quantities[0] ?? 0,
        })),
        advance: true,
      });
      quote = saved.quote;
    });
  }

  if (goes('PENDING_APPROVAL')) {
    await step(next(), async () => {
      const terms = await call<
        QuoteState & {
          clauses: {
            clause_id: string | null;
            title: string;
            template: string;
            is_custom: boolean;
          }[];
        }
      >(owner, '/api/dx/quote-terms/get', { id: quote.id });
      const saved = await call<QuoteState>(owner, '/api/dx/quote-terms/save', {
        id: quote.id,
        version: terms.quote.version,
        clauses: terms.clauses.map((term, position) =>
          term.is_custom
            ? { custom_text: term.template, custom_title: term.title, position }
            : { clause_id: term.clause_id ?? '', position },
        ),
      });
      quote = saved.quote;
    });
    await writeComments();
    await step(next(), async () => {
      const submitted = await call<ApprovalAnswer>(owner, '/api/dx/quote/approval', {
        action: 'submit',
        quote_id: quote.id,
        version: quote.version,
        budgetary: plan.ends === 'BUDGETARY',
      });
      quote = submitted.quote;
      approvalState = submitted;
    });
  } else {
    await writeComments();
  }

  // Every step the submission waits on is decided by its group's demo member, until the quote is
  // approved or the first rejection ends it. Each answer names the steps that wait next.
  while (quote.status_id === 'PENDING_APPROVAL' && plan.approval.outcome !== 'wait') {
    const outcome = plan.approval.outcome;
    const open = pendingStepOf(approvalState);
    if (!open) throw new DemoBookError(`${plan.key}: it waits on a step no demo account decides`);
    await step(next(), async () => {
      const decided = await call<ApprovalAnswer>(open.by, '/api/dx/quote/approval', {
        action: outcome,
        quote_id: quote.id,
        step_id: open.id,
        comment: plan.approval.comment,
      });
      quote = decided.quote;
      approvalState = decided;
    });
  }

  for (const action of lifecycleActions(plan)) {
    await step(next(), async () => {
      // The deal desk books won quotes (spec §6); the owner does the rest.
      const changed = await call<{ version: number; status_id: string }>(
        action === 'complete' ? DEAL_DESK : owner,
        '/api/dx/quote-lifecycle',
        { action, quote_id: quote.id, version: quote.version },
      );
      quote = { ...quote, version: changed.version, status_id: changed.status_id };
    });
  }

  if (plan.document) {
    await step(day, () =>
      call(owner, `/api/dx/document/${quote.id}/pdf/${encodeURIComponent(plan.name)}`, {}, 'file'),
    );
  }
  return quote.id;
}

/**
 * The configurator's draft of a renewal story: a renewal carries every renewed line on with
 * the same SKU, a co-term adds the plan's lines from the day it opens, a true-up measures a
 * fifth more than each annual line running today is entitled to.
 */
function renewalDraft(
  kind: NonNullable<DemoBookQuote['renewal']>['kind'],
  plan: DemoBookQuote,
  opened: RenewalConfigurationData,
) {
  if (kind === 'RENEWAL') {
    return {
      lines: opened.pricing.lines.map((line) => ({
        entitlement_id: line.entitlement_id,
        quantity: line.quantity,
        sku_type: 'SAME',
      })),
    };
  }
  if (kind === 'COTERM') {
    return {
      term_start: opened.term_start,
      lines: plan.lines.map((line) => ({ sku: line.sku, quantity: line.quantities[0] ?? 0 })),
    };
  }
  const measuredOn = opened.term_start ?? '';
  return {
    measured_on: measuredOn,
    lines: (opened.contracts[0]?.entitlements ?? [])
      .filter(
        (e) => e.billing === 'ANNUAL' && e.start_date <= measuredOn && measuredOn <= e.end_date,
      )
      .map((e) => ({ entitlement_id: e.id, measured_quantity: Math.ceil(e.quantity * 1.2) })),
  };
}

const ORDER: readonly DemoBookQuote['ends'][] = [
  'INCOMPLETE',
  'SH_HW_CONFIG',
  'TNC',
  'PENDING_APPROVAL',
  'APPROVED',
  'ACCEPTED',
  'COMPLETED',
];

/** Whether a story that ends at `end` passes through `stage` on the way. */
function storyReaches(end: DemoBookQuote['ends'], stage: DemoBookQuote['ends']): boolean {
  if (end === 'BUDGETARY' || end === 'REJECTED')
    return ORDER.indexOf(stage) <= ORDER.indexOf('PENDING_APPROVAL');
  return ORDER.indexOf(stage) <= ORDER.indexOf(end);
}

function lifecycleActions(plan: DemoBookQuote): ('accept' | 'complete' | 'archive')[] {
  const actions: ('accept' | 'complete' | 'archive')[] = [];
  if (plan.ends === 'ACCEPTED' || plan.ends === 'COMPLETED') actions.push('accept');
  if (plan.ends === 'COMPLETED') actions.push('complete');
  if (plan.archived) actions.push('archive');
  return actions;
}

/** The create-quote form's answers: what it prefills from the opportunity, and the plan's. */
function headerValues(plan: DemoBookQuote, opportunity: OpportunityForQuote) {
  const start = new Date(Date.now() + (30 - plan.ageDays) * DAY_MS);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + plan.contractMonths);
  end.setUTCDate(end.getUTCDate() - 1);
  const isPartnerDeal = opportunity.sales_channel !== 'DIRECT';
  return {
    ...opportunity.prefill,
    quote_name: plan.name,
    quote_type: plan.quoteType,
    contract_length: String(plan.contractMonths),
    deal_type: opportunity.deal_type ?? 'NB',
    contract_start_date: start.toISOString().slice(0, 10),
    contract_end_date: end.toISOString().slice(0, 10),
    sla:
      typeof opportunity.prefill.sla === 'string' && opportunity.prefill.sla
        ? opportunity.prefill.sla
        : '24/7',
    products_evaluated: ['FIREWALL'],
    ...(isPartnerDeal
      ? { partner_type: 'AUTHORIZED', partner_contact_email: 'partner@example.com' }
      : {}),
  };
}

/**
 * Moves each quote's writes back to its story's days: a write stamped during a step on day d of
 * a quote created `ageDays` ago moves to that day plus d × `stepDays` (and a minute for each step
 * before it, so that a day's steps keep their order). Every timestamp column of every
 * table that holds a quote_id moves, and the quote's own; what is not a quote's (the audit log,
 * the mail outbox) keeps the time the seed really ran.
 */
async function moveBack(
  db: Database,
  timelines: { quoteId: string; ageDays: number; stepDays: number; steps: Step[] }[],
  now: Date,
) {
  const rows = timelines.flatMap(({ quoteId, ageDays, stepDays, steps }) =>
    steps.map((s, k) => {
      // Steps of one day (a story told in a day, or the comments before a submission) keep their
      // order, a minute apart: history is read by time.
      const target = now.getTime() - ageDays * DAY_MS + s.day * stepDays * DAY_MS + k * STEP_GAP_MS;
      return { quoteId, from: s.from, to: s.to, shiftMs: Math.max(0, s.from - target) };
    }),
  );
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table demo_book_moves (quote_id uuid, real_from timestamptz, real_to timestamptz, shift interval) on commit drop`,
    );
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.execute(
        sql`insert into demo_book_moves values ${sql.join(
          chunk.map(
            (r) =>
              sql`(${r.quoteId}::uuid, ${new Date(r.from).toISOString()}::timestamptz, ${new Date(r.to).toISOString()}::timestamptz, ${`${r.shiftMs} milliseconds`}::interval)`,
          ),
          sql`, `,
        )}`,
      );
    }
    const columns: unknown = await tx.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      where c.table_schema = current_schema()
        and c.data_type = 'timestamp with time zone'
        and (c.table_name = 'quotes' or exists (
          select 1 from information_schema.columns q
          where q.table_schema = c.table_schema and q.table_name = c.table_name
            and q.column_name = 'quote_id'))
      order by 1, 2`);
    const list = (columns as { rows: { table_name: string; column_name: string }[] }).rows;
    for (const { table_name: table, column_name: column } of list) {
      const key = table === 'quotes' ? sql.identifier('id') : sql.identifier('quote_id');
      await tx.execute(sql`
        update ${sql.identifier(table)} t set ${sql.identifier(column)} = t.${sql.identifier(column)} - m.shift
        from demo_book_moves m
        where t.${key} = m.quote_id and t.${sql.identifier(column)} >= m.real_from and t.${sql.identifier(column)} < m.real_to`);
    }
  });
}

/** Plays the book into `db` (a fresh demo database) and answers what it added, as a recording. */
export async function playAndRecordDemoBook(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
): Promise<DemoBookRecording> {
  const before = await snapshotDatabase(db);
  await playDemoBook(app, db, config);
  return recordDemoBook(db, before, new Date());
}

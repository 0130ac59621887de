import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SavedWebhookEndpoint } from '@bastion/domain/integrations/webhook-schemas';
import { approvalGroupMembers, approvalGroups } from '@bastion/db/schema/approvals';
import { resetAppClock } from '../../lib/clock.ts';
import { createSecretBox } from '../../core/access/secret-box.ts';
import { takeOverApprovalRouting } from '../../test/approval-routing.ts';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { saveNoShipping, saveProposedTerms } from '../../test/quote-steps.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';
import type { WebhookDeps } from './attempt-delivery.ts';

/*
 * What the webhook tests share: a server that allows http:// receivers, its own approval set-up
 * (a quote with a line discounted above 5 % waits for one desk step; others are approved at
 * once), quotes taken to their terms and submitted, a receiver on 127.0.0.1 that answers as
 * told and records what it got, and the signature check a receiver makes.
 */

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    id: string;
    type: string;
    created_at: string;
    sequence: number;
    data: {
      quote?: Record<string, unknown>;
      actor: { user_id: string; email: string | null } | null;
      step?: { group_name: string; decision: string; comment: string };
      endpoint?: { id: string; url: string };
    };
  };
}

/** A receiver: POSTs to any path are recorded; `answers` (per path) says what to answer. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body,
        json: JSON.parse(body) as Received['json'],
      });
      const status = answers.get(path)?.shift() ?? 204;
      setTimeout(() => {
        response.writeHead(status, { location: 'https://elsewhere.example/' });
        response.end(status >= 400 ? 'a long and secret error page '.repeat(50) : '');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** The next answers of `path`, in order; 204 after them. */
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    delay: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The receiver's check: the signature header is the HMAC of "<t>.<body>" under the secret. */
export function isSignedWith(secret: string, received: Received): boolean {
  const header = String(received.headers['bastion-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${received.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
}

interface QuoteState {
  quote: { id: string; version: number; status_id: string };
}
interface ApprovalState extends QuoteState {
  current: { stages: { steps: { id: string; group_id: string | null; state: string }[] }[] } | null;
}
interface Refusal {
  code: number;
  message: string;
  errors?: { path: string; message: string }[];
}

type Who = 'seller' | 'desk' | 'deskApprover' | 'root' | 'it';
const emea = (role: string) => ({ role, assignment: 'REGION' as const, assignmentValue: ['EMEA'] });

/** The bed, its receiver and calls, with every endpoint removed after each test. */
export function useWebhookBed() {
  const bed = useTestBed<Who>(
    {
      seller: { roles: [emea('SALES_USER')] },
      desk: 'DEAL_DESK',
      deskApprover: { roles: [{ role: 'GENERAL_MANAGER' }], isApprover: true },
      root: 'ROOT_ADMIN',
      it: 'IT_ADMIN',
    },
    { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_RETRY_BASE_SECONDS: '30' },
  );
  const { post, dataOf } = postCallsAs(bed, 'seller');
  const tag = unique().slice(0, 6).toUpperCase();
  const sku = `WH-SUB-${tag}`;
  const setUp = { groupId: '', groupName: `Webhook desk ${tag}`, restore: async () => {} };
  const receiver = {} as Receiver;
  const opened = { isOpen: false };

  beforeAll(async () => {
    const { db } = bed.ctx;
    await insertPricedTestSkus(db, () => sku, ['SUB']);
    const [group] = await db
      .insert(approvalGroups)
      .values({ name: setUp.groupName, isGlobal: true, regions: [] })
      .returning({ id: approvalGroups.id });
    if (!group) throw new Error('group insert returned nothing');
    await db
      .insert(approvalGroupMembers)
      .values({ groupId: group.id, userId: bed.users.deskApprover.id });
    setUp.groupId = group.id;
    const routing = await takeOverApprovalRouting(db, {
      rules: [
        {
          name: `Discount above 5 % ${tag}`,
          predicate: { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gt', value: 5 },
          groupIds: [group.id],
        },
      ],
      workflow: {
        name: `Webhook tests ${tag}`,
        nodes: [
          { kind: 'START' },
          { kind: 'STEP', name: 'Desk review', group_ids: [group.id], mode: 'PARALLEL' },
          { kind: 'END' },
        ],
      },
    });
    setUp.restore = routing.restore;
  });
  afterEach(async () => {
    await bed.ctx.db.execute(sql`delete from webhook_endpoints`);
    resetAppClock();
    receiver.received?.splice(0);
  });
  afterAll(async () => {
    await setUp.restore();
    if (opened.isOpen) await receiver.close();
  });

  async function ensureReceiver() {
    if (!opened.isOpen) {
      Object.assign(receiver, await startReceiver());
      opened.isOpen = true;
    }
    return receiver;
  }

  const deps = (): WebhookDeps => ({
    db: bed.ctx.db,
    secrets: createSecretBox(bed.ctx.config.secretsKey),
    retryBaseMs: bed.ctx.config.webhooks.retryBaseMs,
  });

  async function refusalOf(path: string, payload: object, status: number, who: Who = 'seller') {
    const response: LightMyRequestResponse = await post(path, payload, who);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<Refusal>();
  }

  /** Registers an endpoint (as the IT admin) and answers it, secret included. */
  async function endpoint(
    path: string,
    events: string[],
    extra: { is_active?: boolean; description?: string } = {},
  ): Promise<SavedWebhookEndpoint> {
    const r = await ensureReceiver();
    return dataOf<SavedWebhookEndpoint>(
      '/api/admin/webhook-endpoint-save',
      { url: r.url(path), events, ...extra },
      'it',
    );
  }

  /** A new EMEA quote of the seller's, one line at this discount, submitted from its terms. */
  async function submitted(discount: string) {
    const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
    const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues({ quote_name: `Webhooks ${unique()}` }),
    });
    const configured = await dataOf<QuoteState>('/api/dx/save-quote-configuration', {
      id: made.id,
      version: 1,
      advance: true,
      lines: [{ key: 'l1', sku, quantities: [1], manual_discount_percent: discount }],
    });
    await saveNoShipping(dataOf, made.id, configured.quote.version);
    const saved = await saveProposedTerms(dataOf, made.id);
    const state = await dataOf<ApprovalState>('/api/dx/quote/approval', {
      action: 'submit',
      quote_id: made.id,
      version: saved.quote.version,
    });
    return { id: made.id, state };
  }

  /** An approved quote of the seller's (no rule matches a line without discount). */
  async function approvedQuote() {
    const { id, state } = await submitted('0');
    expect(state.quote.status_id).toBe('APPROVED');
    return { id, version: state.quote.version };
  }

  /** The quote's pending step of the bed's desk group. */
  function pendingStep(state: ApprovalState) {
    const step = state.current?.stages
      .flatMap((stage) => stage.steps)
      .find((s) => s.group_id === setUp.groupId && s.state === 'pending');
    if (!step) throw new Error(`no pending step: ${JSON.stringify(state.current)}`);
    return step;
  }

  const calls = {
    post,
    dataOf,
    refusalOf,
    /** A lifecycle move of a quote at this version. */
    move: (action: string, quoteId: string, version: number, who: Who = 'seller') =>
      dataOf<QuoteState['quote']>(
        '/api/dx/quote-lifecycle',
        { action, quote_id: quoteId, version },
        who,
      ),
    refusedMove: (
      action: string,
      quoteId: string,
      version: number,
      status: number,
      who: Who = 'seller',
    ) => refusalOf('/api/dx/quote-lifecycle', { action, quote_id: quoteId, version }, status, who),
    decide: (
      quoteId: string,
      stepId: string,
      who: Who,
      action: 'approve' | 'reject',
      comment: string,
    ) =>
      post('/api/dx/quote/approval', { action, quote_id: quoteId, step_id: stepId, comment }, who),
    submitted,
    pendingStep,
  };

  return { bed, setUp, calls, receiver, ensureReceiver, deps, endpoint, approvedQuote };
}

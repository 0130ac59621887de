import { and, eq, inArray, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { quoteApprovalSteps, quoteApprovals } from '@bastion/db/schema/approvals';
import { outboundEmails } from '@bastion/db/schema/mail';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { headerValues, insertOpportunity } from '../test/quote-fixtures.ts';
import { dataOf, messageOf } from './calls.ts';
import type { SingleStepApproval } from './fixtures.ts';
import {
  type Stage,
  apiFor,
  storm,
  createQuoteAs,
  saveConfiguration,
  type Configuration,
} from './scenarios.test-harness.ts';

/** The approval and quote-number races of the concurrency tests (decision 018), on a Stage. */

interface TermsAnswer {
  quote: { version: number };
  clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
}
interface ApprovalStateAnswer {
  quote: { version: number; status_id: string };
  current: { stages: { steps: { id: string; state: string; group_id: string | null }[] }[] } | null;
}

/** A quote of the owner's with a 10 % discount, submitted: its one step waits for a decision. */
export async function submittedQuote(stage: Stage, approval: SingleStepApproval) {
  const api = apiFor(stage, 0);
  const cookie = stage.cookies.owner;
  const made = await createQuoteAs(api, cookie, stage.bed.opportunityId, {
    quote_name: `Decision race ${stage.bed.tag}`,
  });
  const configured = dataOf<Configuration>(
    await saveConfiguration(api, cookie, {
      id: made.id,
      version: made.version,
      advance: true,
      lines: [
        { key: 'a', sku: stage.bed.skus[0] ?? '', quantities: [3], manual_discount_percent: '10' },
      ],
    }),
    'configure',
  );
  dataOf(
    await api.post(
      '/api/dx/save-quote-shipping',
      { id: made.id, version: configured.quote.version, products: [], lines: [], advance: true },
      cookie,
    ),
    'shipping',
  );
  const terms = dataOf<TermsAnswer>(
    await api.post('/api/dx/quote-terms/get', { id: made.id }, cookie),
    'terms',
  );
  const saved = dataOf<TermsAnswer>(
    await api.post(
      '/api/dx/quote-terms/save',
      {
        id: made.id,
        version: terms.quote.version,
        clauses: terms.clauses.map((term, position) =>
          term.is_custom
            ? { custom_text: term.template, custom_title: term.title, position }
            : { clause_id: term.clause_id ?? '', position },
        ),
      },
      cookie,
    ),
    'save terms',
  );
  const state = dataOf<ApprovalStateAnswer>(
    await api.post(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: made.id, version: saved.quote.version },
      cookie,
    ),
    'submit',
  );
  expect(state.quote.status_id).toBe('PENDING_APPROVAL');
  const steps = state.current?.stages.flatMap((s) => s.steps) ?? [];
  expect(steps.map((s) => [s.group_id, s.state])).toEqual([[approval.groupId, 'pending']]);
  return { quoteId: made.id, quoteNumber: made.quote_number, stepId: steps[0]?.id ?? '' };
}

/**
 * Approvals and rejections of one pending step at once, by several approvers: exactly one is
 * recorded (on the step, in the quote's status and history) and told by exactly one e-mail; all
 * the others get 409 naming who decided.
 */
export async function decisionRace(
  stage: Stage,
  approval: SingleStepApproval,
  approverCookies: readonly string[],
  decisions: number,
) {
  const { db } = stage;
  const quote = await submittedQuote(stage, approval);
  const outcomes = await storm(stage, { table: 'quotes', id: quote.quoteId }, () =>
    Array.from({ length: decisions }, async (_, task) => {
      const who = task % approval.approvers.length;
      const action = task % 2 === 0 ? 'approve' : 'reject';
      const api = apiFor(stage, Math.floor(task / approval.approvers.length));
      const answer = await api.post(
        '/api/dx/quote/approval',
        {
          action,
          quote_id: quote.quoteId,
          step_id: quote.stepId,
          comment: action === 'reject' ? `Rejected in race ${task}.` : '',
        },
        approverCookies[who],
      );
      return { task, who, action, api: api.name, answer };
    }),
  );

  const describe = (o: (typeof outcomes)[number]) =>
    `${o.action} ${o.task} by approver ${o.who} on ${o.api}: ${o.answer.status} ${messageOf(o.answer)}`;
  const recorded = outcomes.filter((o) => o.answer.status === 200);
  expect(recorded.map(describe), 'decisions recorded').toHaveLength(1);
  const winner = recorded[0];
  if (!winner) throw new Error('no decision recorded');
  const word = winner.action === 'approve' ? 'approved' : 'rejected';
  for (const loser of outcomes.filter((o) => o !== winner)) {
    expect(loser.answer.status, describe(loser)).toBe(409);
    expect(messageOf(loser.answer), describe(loser)).toBe(
      `This step was already ${word} by Test User.`,
    );
  }

  const decider = approval.approvers[winner.who];
  const [step] = await db
    .select()
    .from(quoteApprovalSteps)
    .where(eq(quoteApprovalSteps.id, quote.stepId));
  expect(step).toMatchObject({
    state: word.toUpperCase(),
    decidedBy: decider?.id,
    comment: winner.action === 'reject' ? `Rejected in race ${winner.task}.` : '',
  });
  const [submission] = await db
    .select()
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, quote.quoteId));
  expect(submission?.state).toBe(word.toUpperCase());
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.quoteId));
  expect(row?.statusId).toBe(word.toUpperCase());
  const decided = await db
    .select()
    .from(quoteHistory)
    .where(
      and(
        eq(quoteHistory.quoteId, quote.quoteId),
        inArray(quoteHistory.action, ['approval_step_approved', 'approval_step_rejected']),
      ),
    );
  expect(decided.map((h) => [h.action, h.actorUserId, h.version])).toEqual([
    [`approval_step_${word}`, decider?.id, row?.version],
  ]);
  const told = await db
    .select()
    .from(outboundEmails)
    .where(
      and(
        like(outboundEmails.subject, `%${quote.quoteNumber}%`),
        inArray(outboundEmails.purpose, ['approval_decision', 'approval_outcome']),
      ),
    );
  expect(told.map((m) => [m.purpose, m.recipient, m.subject])).toEqual([
    [
      'approval_outcome',
      stage.bed.owner.email,
      `Quote ${word}: ${quote.quoteNumber} Decision race ${stage.bed.tag}`,
    ],
  ]);
  return { decision: word };
}

const NUMBER = /^Q-(\d{4})-(\d{6,})$/;

/**
 * Quote creations at once on one opportunity, by its owner and the deal desk, with a few
 * refused ones among them. Every creation answered gets its own number; the numbers handed out
 * are consecutive (none skipped, so none a user could take for a lost quote), refused requests
 * use none, and each number is a whole quote with its first history entry.
 */
export async function creationStorm(stage: Stage, creations: number, refusals: number) {
  const { db, bed } = stage;
  const opportunityId = await insertOpportunity(db, { region: bed.region });
  const total = creations + refusals;
  const everyRefusal = Math.floor(total / Math.max(refusals, 1));
  const outcomes = await storm(stage, { table: 'crm_opportunities', id: opportunityId }, () =>
    Array.from({ length: total }, async (_, task) => {
      const isRefused = refusals > 0 && task % everyRefusal === 0 && task / everyRefusal < refusals;
      const isOwner = task % 2 === 0;
      const api = apiFor(stage, Math.floor(task / 2));
      const answer = await api.post(
        '/api/dx/create-quote',
        {
          opportunity_id: opportunityId,
          // A contract length the form does not offer: refused before anything is written.
          values: headerValues({
            quote_name: `Storm ${task}`,
            ...(isRefused ? { contract_length: '7' } : {}),
          }),
        },
        isOwner ? stage.cookies.owner : stage.cookies.desk,
      );
      return { task, isRefused, api: api.name, answer };
    }),
  );

  const describe = (o: (typeof outcomes)[number]) =>
    `creation ${o.task} on ${o.api}: ${o.answer.status} ${messageOf(o.answer)}`;
  const made = outcomes.filter((o) => !o.isRefused);
  expect(made).toHaveLength(creations);
  for (const o of outcomes) expect(o.answer.status, describe(o)).toBe(o.isRefused ? 400 : 200);
  const created = made.map((o) =>
    dataOf<{ id: string; quote_number: string; version: number }>(o.answer, describe(o)),
  );
  const numbers = created.map((c) => c.quote_number);
  expect(new Set(numbers).size, 'distinct quote numbers').toBe(creations);
  const serials = numbers
    .map((n) => {
      const match = NUMBER.exec(n);
      expect(match, n).not.toBeNull();
      return Number(match?.[2]);
    })
    .sort((a, b) => a - b);
  const firstSerial = serials[0] ?? 0;
  expect(serials, 'quote numbers without a gap').toEqual(
    Array.from({ length: creations }, (_, i) => firstSerial + i),
  );

  const rows = await db.select().from(quotes).where(eq(quotes.opportunityId, opportunityId));
  expect(rows.map((r) => r.quoteNumber).sort()).toEqual([...numbers].sort());
  expect(rows.every((r) => r.version === 1)).toBe(true);
  const firsts = await db
    .select()
    .from(quoteHistory)
    .where(
      inArray(
        quoteHistory.quoteId,
        rows.map((r) => r.id),
      ),
    );
  expect(firsts.map((h) => `${h.quoteId} ${h.action} ${h.version}`).sort()).toEqual(
    rows.map((r) => `${r.id} created 1`).sort(),
  );
  return { first: firstSerial, last: serials.at(-1) };
}

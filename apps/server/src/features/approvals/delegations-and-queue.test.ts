import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteApprovalSteps } from '@bastion/db/schema/approvals';
import { userRoles, users } from '@bastion/db/schema/users';
import { useApprovalBed, unique, type Who } from './approvals.test-harness.ts';

const { bed, calls } = useApprovalBed();

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface Delegation {
  id: string;
  delegator: { id: string };
  delegate: { id: string };
  lent_roles: string[];
  state: string;
}

const createDelegation = (payload: object, who: Who) =>
  calls.post('/api/dx/delegations/create', payload, who);

const pendingCount = async (who: Who) =>
  (
    await calls.dataOf<{ pending_approval_count: number }>(
      '/api/dx/my-pending-approval-count',
      {},
      who,
    )
  ).pending_approval_count;

interface QueueRow {
  step_id: string;
  quote_id: string;
  quote_number: string;
  can_decide: boolean;
  acting_for: { id: string } | null;
}
const queueOf = (assigned_to: string, who: Who, search?: string) =>
  calls.dataOf<{ rows: QueueRow[]; total: number }>(
    '/api/dx/approval-queue',
    { assigned_to, ...(search ? { search } : {}), page_size: 100 },
    who,
  );

describe('delegations', () => {
  it('are refused to oneself, into the past, backwards, with roles not one’s own, or overlapping', async () => {
    const base = { delegate_user_id: bed.users.stand.id, ends_at: inDays(2) };
    const cases: [object, number, string][] = [
      [
        { ...base, delegate_user_id: bed.users.finEmea2.id },
        400,
        'You cannot delegate your approvals to yourself.',
      ],
      [{ ...base, ends_at: inDays(-1) }, 400, 'The end of a delegation must be in the future.'],
      [{ ...base, starts_at: inDays(3) }, 400, 'A delegation must end after it starts.'],
      [
        { ...base, lend_roles: ['CFO'] },
        400,
        'You can lend only roles of your own; you do not hold CFO.',
      ],
      [{ ...base, ends_at: inDays(400) }, 400, 'A delegation lasts at most 366 days.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await createDelegation(payload, 'finEmea2');
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const first = await createDelegation(
      { ...base, starts_at: inDays(10), ends_at: inDays(12) },
      'finEmea2',
    );
    expect(first.statusCode, first.body).toBe(200);
    const overlap = await createDelegation(
      {
        ...base,
        delegate_user_id: bed.users.legal1.id,
        starts_at: inDays(11),
        ends_at: inDays(15),
      },
      'finEmea2',
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json<{ message: string }>().message).toMatch(
      /^This overlaps your delegation from /,
    );
    // Not started yet: withdrawn whole.
    const created = first.json<{ data: Delegation }>().data;
    expect(created.state).toBe('scheduled');
    const withdrawn = await calls.dataOf<Delegation>(
      '/api/dx/delegations/end',
      { id: created.id },
      'finEmea2',
    );
    expect(withdrawn.state).toBe('ended');
    const mine = await calls.dataOf<{ mine: Delegation[] }>('/api/dx/delegations', {}, 'finEmea2');
    expect(mine.mine.map((d) => d.id)).not.toContain(created.id);
    // Nobody else ends it.
    expect(
      (await calls.post('/api/dx/delegations/end', { id: created.id }, 'stand')).statusCode,
    ).toBe(404);
  });

  it('lets the delegate decide on the delegator’s behalf while it runs, lending the roles asked for', async () => {
    const made = await createDelegation(
      {
        delegate_user_id: bed.users.stand.id,
        ends_at: inDays(2),
        reason: 'Holiday',
        lend_roles: ['FINANCE_APPROVER'],
      },
      'finEmea',
    );
    expect(made.statusCode, made.body).toBe(200);
    const delegation = made.json<{ data: Delegation }>().data;
    expect(delegation).toMatchObject({
      state: 'active',
      lent_roles: ['FINANCE_APPROVER'],
      delegator: { id: bed.users.finEmea.id },
      delegate: { id: bed.users.stand.id },
    });
    const lent = await bed.ctx.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.delegationId, delegation.id));
    expect(lent).toMatchObject([
      {
        userId: bed.users.stand.id,
        role: 'FINANCE_APPROVER',
        isDeligatedRole: true,
        assignment: 'REGION',
        assignmentValue: ['EMEA'],
      },
    ]);
    const theirs = await calls.dataOf<{ to_me: Delegation[] }>('/api/dx/delegations', {}, 'stand');
    expect(theirs.to_me.map((d) => d.id)).toContain(delegation.id);

    const { id, state } = await calls.submitted('10');
    await calls.decide(id, calls.pendingStep(state, bed.groups.desk).id, 'deskApprover');
    const seen = await calls.stateOf(id, 'stand');
    const finance = calls.pendingStep(seen, bed.groups.finance);
    expect(finance).toMatchObject({ can_decide: true, acting_for: { id: bed.users.finEmea.id } });
    const delegated = await queueOf('DELEGATED', 'stand');
    expect(delegated.rows.find((r) => r.step_id === finance.id)).toMatchObject({
      can_decide: true,
      acting_for: { id: bed.users.finEmea.id },
    });

    const answer = await calls.decide(id, finance.id, 'stand');
    expect(answer.statusCode, answer.body).toBe(200);
    const [step] = await bed.ctx.db
      .select()
      .from(quoteApprovalSteps)
      .where(eq(quoteApprovalSteps.id, finance.id));
    expect(step).toMatchObject({
      state: 'APPROVED',
      decidedBy: bed.users.stand.id,
      onBehalfOf: bed.users.finEmea.id,
    });
    const after = answer.json<{ data: typeof state }>().data;
    expect(after.quote.status_id).toBe('APPROVED');
    expect(after.current?.stages[1]?.steps[0]).toMatchObject({
      decided_by: { id: bed.users.stand.id },
      on_behalf_of: { id: bed.users.finEmea.id },
    });

    // Ended: the delegate no longer decides for them.
    const ended = await calls.dataOf<Delegation>(
      '/api/dx/delegations/end',
      { id: delegation.id },
      'finEmea',
    );
    expect(ended.state).toBe('ended');
    const next = await calls.submitted('10');
    await calls.decide(next.id, calls.pendingStep(next.state, bed.groups.desk).id, 'deskApprover');
    const open = calls.pendingStep(await calls.stateOf(next.id), bed.groups.finance);
    expect((await calls.decide(next.id, open.id, 'stand')).statusCode).toBe(403);
  });
});

describe('the approvals queue and the pending count', () => {
  it('counts the steps waiting for one’s decision, and lists them by who they are assigned to', async () => {
    const before = await pendingCount('deskApprover');
    const financeBefore = await pendingCount('finEmea2');
    const { id, state } = await calls.submitted('10');
    const step = calls.pendingStep(state, bed.groups.desk);
    expect(await pendingCount('deskApprover')).toBe(before + 1);
    expect(await pendingCount('finEmea2')).toBe(financeBefore);
    expect(await pendingCount('seller')).toBe(0);

    const mine = await queueOf('ME', 'deskApprover');
    expect(mine.rows.find((r) => r.step_id === step.id)).toMatchObject({
      quote_id: id,
      can_decide: true,
      acting_for: null,
      owner: { id: bed.users.seller.id },
      max_line_discount_percent: 10,
      max_seller_discount_percent: 10,
    });
    const number = mine.rows.find((r) => r.step_id === step.id)?.quote_number ?? '';
    expect((await queueOf('ME', 'deskApprover', number)).rows.map((r) => r.step_id)).toEqual([
      step.id,
    ]);
    expect((await queueOf('ME', 'deskApprover', 'no such quote anywhere')).total).toBe(0);
    // …and by the name of the quote's owner.
    const ownerName = `Selma${unique()}`;
    await bed.ctx.db
      .update(users)
      .set({ firstName: ownerName })
      .where(eq(users.id, bed.users.seller.id));
    expect(
      (await queueOf('ME', 'deskApprover', ` ${ownerName.toUpperCase()} `)).rows.map(
        (r) => r.step_id,
      ),
    ).toContain(step.id);

    // The deal desk sees every pending step, including those it may not decide.
    const all = await queueOf('ALL', 'desk');
    expect(all.rows.find((r) => r.step_id === step.id)).toMatchObject({ can_decide: false });
    expect(
      (await calls.post('/api/dx/approval-queue', { assigned_to: 'ALL' }, 'finEmea')).statusCode,
    ).toBe(403);

    await calls.decide(id, step.id, 'deskApprover');
    expect(await pendingCount('deskApprover')).toBe(before);
    expect(await pendingCount('finEmea2')).toBe(financeBefore + 1);
  });

  it('lists what an approver decided, newest first, and a seller’s own quotes in approval', async () => {
    const decided = await calls.submitted('10');
    const deskStep = calls.pendingStep(decided.state, bed.groups.desk);
    await calls.decide(decided.id, deskStep.id, 'deskApprover');
    const waiting = await calls.submitted('10');

    type Row = QueueRow & {
      decision: string | null;
      decided_at: string | null;
      decision_comment: string;
    };
    const view = (assigned_to: string, who: Who) =>
      calls.dataOf<{ rows: Row[]; total: number }>(
        '/api/dx/approval-queue',
        { assigned_to, page_size: 100 },
        who,
      );
    const mine = await view('DECIDED', 'deskApprover');
    const first = mine.rows[0];
    expect(first).toMatchObject({
      step_id: deskStep.id,
      quote_id: decided.id,
      decision: 'APPROVED',
      can_decide: false,
    });
    expect(Date.parse(first?.decided_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Only what they decided: not the step still waiting, nor others' decisions.
    expect(mine.rows.map((r) => r.quote_id)).not.toContain(waiting.id);
    expect((await view('DECIDED', 'finEmea')).rows.map((r) => r.step_id)).not.toContain(
      deskStep.id,
    );

    // The seller sees the steps their quotes wait on, not being able to decide them.
    const own = await view('MINE', 'seller');
    const ownQuotes = new Set(own.rows.map((r) => r.quote_id));
    expect(ownQuotes).toContain(waiting.id);
    expect(ownQuotes).toContain(decided.id);
    expect(own.rows.every((r) => !r.can_decide && r.decision === null)).toBe(true);
    expect((await view('MINE', 'outsider')).rows.map((r) => r.quote_id)).not.toContain(waiting.id);
  });

  it('offers the assigned-to filter by role (spec §6)', async () => {
    type Filters = {
      options: { value: string; label: string }[];
      is_shown: boolean;
      default_value: string;
    };
    const filters = (who: Who) => calls.dataOf<Filters>('/api/dx/approval-queue-filters', {}, who);
    expect(await filters('desk')).toEqual({
      options: [
        { value: 'ALL', label: 'ALL' },
        { value: 'ME', label: 'ME(DEAL_DESK)' },
        { value: 'DECIDED', label: 'Decided by me' },
        { value: 'MINE', label: 'My quotes in approval' },
      ],
      default_value: 'ME',
      is_shown: true,
    });
    const approver = await filters('finEmea');
    expect(approver.options[0]).toEqual({ value: 'ME', label: 'ME(FINANCE_APPROVER)' });
    expect(approver.default_value).toBe('ME');
    // Issue 33: a seller who approves nothing follows their own quotes by default.
    expect(await filters('seller')).toMatchObject({
      options: [{ value: 'ME' }, { value: 'MINE', label: 'My quotes in approval' }],
      default_value: 'MINE',
      is_shown: true,
    });
    const made = await createDelegation(
      { delegate_user_id: bed.users.legal2.id, ends_at: inDays(1) },
      'finEmea2',
    );
    expect(made.statusCode, made.body).toBe(200);
    try {
      const delegate = await filters('legal2');
      expect(delegate.options.map((o) => o.value)).toEqual(['ME', 'DELEGATED', 'DECIDED']);
      expect(delegate.options[1]?.label).toBe('Delegated');
      expect(delegate.is_shown).toBe(true);
    } finally {
      await calls.dataOf(
        '/api/dx/delegations/end',
        { id: made.json<{ data: Delegation }>().data.id },
        'finEmea2',
      );
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { approvalGroupMembers, approvalGroups } from '@bastion/db/schema/approvals';
import type { ServerConfig } from '../../config.ts';
import { createTestApp, type TestContext, type TestUser } from '../../test/test-app.ts';
import { openBeforeAll, signInAccounts } from '../../test/test-bed.ts';
import { takeOverApprovalRouting } from '../../test/approval-routing.ts';
import { headerValues, insertOpportunity, insertTestSkus } from '../../test/quote-fixtures.ts';
import {
  saveNoShipping,
  saveProposedTerms as saveProposedTermsAs,
} from '../../test/quote-steps.ts';
import type {
  ApprovalPreview,
  ApprovalState,
  ApproveManyResult,
  LifecycleResult,
} from '@bastion/domain/approvals/api';
import { dataOfSuccess } from '../../test/answers.ts';

/*
 * What the approvals tests share. The test database is shared with other test files and holds
 * the demo approval set-up, so a bed puts its own rules and default workflow in place for the
 * file that uses it (the other rules are switched off) and puts everything back afterwards.
 *
 * The rules, on the largest line discount of a quote:
 * - above 5 %: "Desk" (a user member) and "Finance" (the FINANCE_APPROVER role, which testers
 *   hold for EMEA or APJ), and an APJ-only group that never applies to the EMEA quotes here;
 * - above 20 %: "Legal" (two user members, for the races) as well.
 * The default workflow: "Desk review" first, then "Finance and legal" in parallel.
 */

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

export const APPROVAL = '/api/dx/quote/approval';
export const LIFECYCLE = '/api/dx/quote-lifecycle';

export type Who =
  | 'seller'
  | 'desk'
  | 'deskApprover'
  | 'finEmea'
  | 'finEmea2'
  | 'finApj'
  | 'legal1'
  | 'legal2'
  | 'outsider'
  | 'stand'
  | 'root'
  | 'it';

export interface ApprovalBed {
  ctx: TestContext;
  tag: string;
  sku: string;
  users: Record<Who, TestUser>;
  cookies: Record<Who, string>;
  groups: { desk: string; finance: string; legal: string; apj: string };
  groupNames: { desk: string; finance: string; legal: string; apj: string };
  /** Puts the database back as it was found (rules, default workflow). */
  restore: () => Promise<void>;
}

/** The rules and workflow a bed puts in force, given its groups and tag. */
export type BedRouting = (
  groups: ApprovalBed['groups'],
  tag: string,
) => Parameters<typeof takeOverApprovalRouting>[1];

export async function approvalBed(
  env: Record<string, string> = {},
  adjust?: (config: ServerConfig) => ServerConfig,
  routing?: BedRouting,
): Promise<ApprovalBed> {
  const ctx = await createTestApp(env, adjust);
  const { db } = ctx;
  const tag = unique().slice(0, 6).toUpperCase();

  const sku = `AP-SUB-${tag}`;
  await insertTestSkus(db, [
    {
      sku,
      name: 'Approval test subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { EUR: 10_000 },
    },
  ]);

  const emea = (role: string) => ({
    role,
    assignment: 'REGION' as const,
    assignmentValue: ['EMEA'],
  });
  const { users, cookies } = await signInAccounts<Who>(ctx, {
    seller: { roles: [emea('SALES_USER')] },
    desk: 'DEAL_DESK',
    deskApprover: { roles: [{ role: 'GENERAL_MANAGER' }], isApprover: true },
    finEmea: { roles: [emea('FINANCE_APPROVER')], isApprover: true },
    finEmea2: { roles: [emea('FINANCE_APPROVER')], isApprover: true },
    finApj: {
      roles: [{ role: 'FINANCE_APPROVER', assignment: 'REGION', assignmentValue: ['APJ'] }],
      isApprover: true,
    },
    legal1: { roles: [{ role: 'LEGAL_MANAGER' }], isApprover: true },
    legal2: { roles: [{ role: 'LEGAL_MANAGER' }], isApprover: true },
    outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
    stand: { roles: [{ role: 'CFO' }], isApprover: true },
    root: 'ROOT_ADMIN',
    it: 'IT_ADMIN',
  });

  const groupNames = {
    desk: `Desk ${tag}`,
    finance: `Finance ${tag}`,
    legal: `Legal ${tag}`,
    apj: `APJ only ${tag}`,
  };
  const group = async (
    name: string,
    members: { userId?: string; role?: string }[],
    regions?: string[],
  ) => {
    const [row] = await db
      .insert(approvalGroups)
      .values({ name, isGlobal: regions === undefined, regions: regions ?? [] })
      .returning({ id: approvalGroups.id });
    if (!row) throw new Error('group insert returned nothing');
    await db
      .insert(approvalGroupMembers)
      .values(
        members.map((m) => ({ groupId: row.id, userId: m.userId ?? null, role: m.role ?? null })),
      );
    return row.id;
  };
  const groups = {
    desk: await group(groupNames.desk, [{ userId: users.deskApprover.id }]),
    finance: await group(groupNames.finance, [{ role: 'FINANCE_APPROVER' }]),
    legal: await group(groupNames.legal, [
      { userId: users.legal1.id },
      { userId: users.legal2.id },
    ]),
    apj: await group(groupNames.apj, [{ userId: users.finApj.id }], ['APJ']),
  };

  const discountAbove = (value: number) => ({
    kind: 'predicate',
    fact: 'max_line_discount_percent',
    op: 'gt',
    value,
  });
  // Only this bed's rules and workflow count while it runs.
  const { restore } = await takeOverApprovalRouting(
    db,
    routing?.(groups, tag) ?? {
      rules: [
        {
          name: `Discount above 5 % ${tag}`,
          predicate: discountAbove(5),
          groupIds: [groups.desk, groups.finance, groups.apj],
        },
        {
          name: `Discount above 20 % ${tag}`,
          predicate: discountAbove(20),
          groupIds: [groups.legal],
        },
      ],
      workflow: {
        name: `Approval tests ${tag}`,
        nodes: [
          { kind: 'START' },
          { kind: 'STEP', name: 'Desk review', group_ids: [groups.desk], mode: 'PARALLEL' },
          {
            kind: 'STEP',
            name: 'Finance and legal',
            group_ids: [groups.finance, groups.legal, groups.apj],
            mode: 'PARALLEL',
          },
          { kind: 'END' },
        ],
      },
    },
  );

  return { ctx, tag, sku, users, cookies, groups, groupNames, restore };
}

export interface Refusal {
  code: number;
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

interface QuoteState {
  quote: { id: string; version: number; status_id: string };
}
interface Terms extends QuoteState {
  clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
}

/** Calls bound to one bed, as the user named (the seller unless told). */
export function approvalCalls(bed: ApprovalBed) {
  const post = (url: string, payload: object, who: Who = 'seller') =>
    bed.ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: bed.cookies[who] } });

  async function dataOf<T>(url: string, payload: object, who: Who = 'seller'): Promise<T> {
    const response = await post(url, payload, who);
    return dataOfSuccess<T>(response);
  }

  async function refusalOf(url: string, payload: object, status: number, who: Who = 'seller') {
    const response = await post(url, payload, who);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<Refusal>();
  }

  const approval = (payload: object, who: Who = 'seller') =>
    dataOf<ApprovalState>(APPROVAL, payload, who);
  const stateOf = (quoteId: string, who: Who = 'seller') =>
    approval({ action: 'get', quote_id: quoteId }, who);
  const previewOf = (quoteId: string, who: Who = 'seller') =>
    dataOf<ApprovalPreview>(APPROVAL, { action: 'preview', quote_id: quoteId }, who);
  const lifecycle = (payload: object, who: Who = 'seller') =>
    dataOf<LifecycleResult>(LIFECYCLE, payload, who);
  /** A lifecycle move on a quote at this version. */
  const move = (action: string, quoteId: string, version: number, who: Who = 'seller') =>
    lifecycle({ action, quote_id: quoteId, version }, who);
  /** The refusal of a lifecycle move expected to fail with `status`. */
  const refusedMove = (
    action: string,
    quoteId: string,
    version: number,
    status: number,
    who: Who = 'seller',
  ) => refusalOf(LIFECYCLE, { action, quote_id: quoteId, version }, status, who);
  const approveMany = (stepIds: string[], who: Who) =>
    dataOf<ApproveManyResult>(APPROVAL, { action: 'approve_many', step_ids: stepIds }, who);

  /** Saves the terms as the terms page proposes them. */
  const saveProposedTerms = (id: string, who: Who = 'seller', extra: object[] = []) =>
    saveProposedTermsAs<Terms>(
      <T>(url: string, payload: object) => dataOf<T>(url, payload, who),
      id,
      extra,
    );

  /** Saves the products (one subscription line with this discount), without moving on. */
  async function saveLines(
    id: string,
    version: number,
    discount: string,
    quantity = 1,
    advance = false,
  ) {
    return dataOf<QuoteState & { lines: { id: string }[] }>(
      '/api/dx/save-quote-configuration',
      {
        id,
        version,
        advance,
        lines: [
          { key: 'l1', sku: bed.sku, quantities: [quantity], manual_discount_percent: discount },
        ],
      },
      'seller',
    );
  }

  /**
   * A fresh EMEA quote of the seller's with one subscription line at this discount, taken
   * through shipping to its terms, with the terms saved: ready to submit.
   */
  async function quoteAtTerms(discount = '10', options: { saveTerms?: boolean } = {}) {
    const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
    const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues({ quote_name: `Approvals ${unique()}` }),
    });
    const configured = await saveLines(made.id, 1, discount, 1, true);
    await saveNoShipping(dataOf, made.id, configured.quote.version);
    if (options.saveTerms ?? true) await saveProposedTerms(made.id);
    const state = await stateOf(made.id);
    expect(state.quote.status_id).toBe('TNC');
    return { id: made.id, version: state.quote.version, opportunityId };
  }

  /** A quote at its terms, submitted by the seller. */
  async function submitted(discount = '10', who: Who = 'seller') {
    const quote = await quoteAtTerms(discount);
    const state = await approval(
      { action: 'submit', quote_id: quote.id, version: quote.version },
      who,
    );
    return { ...quote, state };
  }

  /** The pending step of this group in the quote's current submission. */
  const pendingStep = (state: ApprovalState, groupId: string) => {
    const step = state.current?.stages
      .flatMap((s) => s.steps)
      .find((s) => s.group_id === groupId && s.state === 'pending');
    if (!step) throw new Error(`no pending step of ${groupId}: ${JSON.stringify(state.current)}`);
    return step;
  };

  const decide = (
    quoteId: string,
    stepId: string,
    who: Who,
    action: 'approve' | 'reject' = 'approve',
    comment = action === 'reject' ? 'Too deep a discount.' : '',
  ) => post(APPROVAL, { action, quote_id: quoteId, step_id: stepId, comment }, who);

  return {
    post,
    dataOf,
    refusalOf,
    approval,
    stateOf,
    previewOf,
    lifecycle,
    move,
    refusedMove,
    approveMany,
    saveProposedTerms,
    saveLines,
    quoteAtTerms,
    submitted,
    pendingStep,
    decide,
  };
}

export type ApprovalCalls = ReturnType<typeof approvalCalls>;

/**
 * The file's bed, opened in its beforeAll (with the settings `env` gives then) and put back in its
 * afterAll, and its calls.
 */
export function useApprovalBed(
  env: () => Record<string, string> = () => ({}),
  routing?: BedRouting,
) {
  const bed = openBeforeAll(() => approvalBed(env(), undefined, routing));
  afterAll(() => bed.restore());
  return { bed, calls: approvalCalls(bed) };
}

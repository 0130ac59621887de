import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import {
  createTestApp,
  createUser,
  signedIn,
  type TestContext,
  signedInAs,
} from '../../test/test-app.ts';
import { dataOfSuccess } from '../../test/answers.ts';

/*
 * What the approval admin's tests share. The test database is shared with other files (and
 * holds the demo approval set-up), so the rules made here never fire on a real quote: they are
 * inactive, or ask for a net total no quote reaches.
 */

export const A = '/api/dx/approval-admin';

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

export type Who = 'deskAdmin' | 'root' | 'desk' | 'sales' | 'legal';

export interface ApprovalAdminBed {
  ctx: TestContext;
  cookies: Record<Who, string>;
  userIds: { deskAdmin: string };
}

export async function approvalAdminBed(): Promise<ApprovalAdminBed> {
  const ctx = await createTestApp();
  const deskAdmin = await createUser(ctx.db, { roles: [{ role: 'DEAL_DESK_ADMIN' }] });
  const [deskAdminCookie, root, desk, legal, sales] = await Promise.all([
    signedIn(ctx.app, deskAdmin),
    signedInAs(ctx, 'ROOT_ADMIN'),
    signedInAs(ctx, 'DEAL_DESK'),
    signedInAs(ctx, 'LEGAL_MANAGER'),
    // The demo seller, as the issue names it.
    signedIn(ctx.app, { email: 'sales@bastion.test', password: DEMO_PASSWORD }),
  ]);
  return {
    ctx,
    cookies: { deskAdmin: deskAdminCookie, root, desk, legal, sales },
    userIds: { deskAdmin: deskAdmin.id },
  };
}

export interface Refusal {
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** Calls bound to one bed; they go as the deal desk admin unless told. */
export function approvalAdminCalls(bed: ApprovalAdminBed) {
  const post = (path: string, payload: unknown, who: Who = 'deskAdmin') =>
    bed.ctx.app.inject({
      method: 'POST',
      url: `${A}/${path}`,
      payload: payload as object,
      headers: { cookie: bed.cookies[who] },
    });

  async function dataOf<T = Record<string, unknown>>(
    path: string,
    payload: unknown,
    who: Who = 'deskAdmin',
  ): Promise<T> {
    const response = await post(path, payload, who);
    return dataOfSuccess<T>(response);
  }

  /** The refusal of a call expected to fail with `status`. */
  async function refusalOf(
    path: string,
    payload: unknown,
    status: number,
    who: Who = 'deskAdmin',
  ): Promise<Refusal> {
    const response = await post(path, payload, who);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<Refusal>();
  }

  async function auditEntries(entityId: string, action: string) {
    return bed.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
  }

  const newGroup = (overrides: Record<string, unknown> = {}) =>
    dataOf<Group>('groups/save', {
      name: `Test group ${unique()}`,
      roles: ['CFO'],
      ...overrides,
    });

  return { post, dataOf, refusalOf, auditEntries, newGroup };
}

export interface Group {
  id: string;
  name: string;
  description: string;
  is_global: boolean;
  regions: string[];
  is_active: boolean;
  version: number;
  users: { id: string; name: string; email: string; is_disabled: boolean }[];
  roles: string[];
  member_count: number;
  rule_count: number;
  updated_by: string | null;
}

export interface Rule {
  id: string;
  name: string;
  predicate: unknown;
  condition_text: string;
  group_ids: string[];
  groups: { id: string; name: string }[];
  is_active: boolean;
  version: number;
}

export interface Workflow {
  id: string;
  name: string;
  nodes: { kind: string; name?: string; group_ids?: string[]; mode?: string }[];
  is_default: boolean;
  version: number;
}

/** A condition no quote meets: the test database is shared with the approval flow's tests. */
export const NEVER = { kind: 'predicate', fact: 'net_total_usd', op: 'gt', value: 1e15 };

export type ApprovalAdminCalls = ReturnType<typeof approvalAdminCalls>;

/** A bed and its calls: what a test file opens in its beforeAll. */
export async function openApprovalAdminBed() {
  const bed = await approvalAdminBed();
  return { bed, calls: approvalAdminCalls(bed) };
}

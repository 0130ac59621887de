import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import { auditEntriesOf } from '../../test/audit.ts';
import { openBeforeAll, openTestBed, postCallsAs, type TestBed } from '../../test/test-bed.ts';
import type { GroupView as Group, RuleView as Rule } from '@bastion/domain/approval-admin/api';

/*
 * What the approval admin's tests share. The test database is shared with other files (and
 * holds the demo approval set-up), so the rules made here never fire on a real quote: they are
 * inactive, or ask for a net total no quote reaches.
 */

export const A = '/api/dx/approval-admin';

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

export type Who = 'deskAdmin' | 'root' | 'desk' | 'sales' | 'legal';

export type ApprovalAdminBed = TestBed<Who>;

export const approvalAdminBed = () =>
  openTestBed<Who>({
    deskAdmin: 'DEAL_DESK_ADMIN',
    root: 'ROOT_ADMIN',
    desk: 'DEAL_DESK',
    legal: 'LEGAL_MANAGER',
    // The demo seller, as the issue names it.
    sales: { email: 'sales@bastion.test', password: DEMO_PASSWORD },
  });

export interface Refusal {
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** Calls bound to one bed; they go as the deal desk admin unless told. */
export function approvalAdminCalls(bed: ApprovalAdminBed) {
  const { post, dataOf } = postCallsAs(bed, 'deskAdmin', `${A}/`);

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

  const auditEntries = (entityId: string, action: string) =>
    auditEntriesOf(bed.ctx.db, entityId, action);

  const newGroup = (overrides: Record<string, unknown> = {}) =>
    dataOf<Group>('groups/save', {
      name: `Test group ${unique()}`,
      roles: ['CFO'],
      ...overrides,
    });

  return { post, dataOf, refusalOf, auditEntries, newGroup };
}

export type { Group, Rule };

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

/** The file's bed, opened in its beforeAll, and its calls. */
export function useApprovalAdminBed() {
  const bed = openBeforeAll(approvalAdminBed);
  return { bed, calls: approvalAdminCalls(bed) };
}

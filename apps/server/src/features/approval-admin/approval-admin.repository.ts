import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';
import {
  approvalGroupMembers,
  approvalGroups,
  approvalRules,
  quoteApprovalSteps,
  workflowTemplates,
} from '@bastion/db/schema/approvals';
import { crmAccounts } from '@bastion/db/schema/crm';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { containsText, firstOrNull, personName } from '../../lib/db/queries.ts';
import { findOtherNamed, versionedRecords } from '../../lib/db/versioned-rows.ts';

/* Queries of the approval admin: reads and writes, no decisions. Partner exceptions: their own file. */

export type { ApprovalRuleRow as RuleRow, GroupRow, WorkflowRow } from '../../lib/db/rows.ts';

/** A transaction or the database: the use-cases run several writes together. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Who saved a row last, by name; null when unknown or deleted since. Qualified by hand: in a
 * single-table select Drizzle leaves column names bare, and a subquery would then read its own.
 */
export const editorOf = (table: AnyPgTable) =>
  sql<string | null>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
    from ${users} u where u.id = ${table}.updated_by)`;

// ---------------------------------------------------------------------------------------------
// Pickers

export async function listActiveUsers(db: Db) {
  return db
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(eq(users.isDisabled, false))
    .orderBy(asc(personName), asc(users.email));
}

export async function findUsers(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function listPartnerAccounts(db: Db, search: string) {
  return db
    .select({
      id: crmAccounts.id,
      name: crmAccounts.name,
      region: crmAccounts.region,
      partnerType: crmAccounts.partnerType,
    })
    .from(crmAccounts)
    .where(
      and(eq(crmAccounts.kind, 'PARTNER'), containsText(search, crmAccounts.name, crmAccounts.id)),
    )
    .orderBy(asc(crmAccounts.name))
    .limit(50);
}

export async function findCrmAccount(db: Db, id: string) {
  return firstOrNull(
    db
      .select({ id: crmAccounts.id, name: crmAccounts.name, kind: crmAccounts.kind })
      .from(crmAccounts)
      .where(eq(crmAccounts.id, id)),
  );
}

// ---------------------------------------------------------------------------------------------
// Groups

const activeRuleCount = sql<number>`(
  select count(*)::int from ${approvalRules} r
  where ${approvalGroups}.id = any(r.group_ids) and r.is_active
)`;

const groupColumns = {
  group: approvalGroups,
  ruleCount: activeRuleCount,
  editor: editorOf(approvalGroups),
};

export async function listGroups(db: Db) {
  return db.select(groupColumns).from(approvalGroups).orderBy(asc(approvalGroups.name));
}

export async function findGroup(db: Db, id: string) {
  return firstOrNull(db.select(groupColumns).from(approvalGroups).where(eq(approvalGroups.id, id)));
}

export async function listGroupScopes(db: Db) {
  return db
    .select({ id: approvalGroups.id, name: approvalGroups.name, isActive: approvalGroups.isActive })
    .from(approvalGroups);
}

/** Members of the given groups (all groups when `groupIds` is null), users with their names. */
export async function listMembers(db: Db, groupIds: readonly string[] | null) {
  return db
    .select({
      groupId: approvalGroupMembers.groupId,
      userId: approvalGroupMembers.userId,
      role: approvalGroupMembers.role,
      userName: personName,
      userEmail: users.email,
      userIsDisabled: users.isDisabled,
    })
    .from(approvalGroupMembers)
    .leftJoin(users, eq(users.id, approvalGroupMembers.userId))
    .where(groupIds === null ? undefined : inArray(approvalGroupMembers.groupId, [...groupIds]))
    .orderBy(asc(approvalGroupMembers.role), asc(personName));
}

/** Another group with this name, in any case. */
export async function findGroupNamed(db: Db, name: string, exceptId?: string) {
  return findOtherNamed(db, approvalGroups, name, exceptId);
}

export interface GroupFields {
  name: string;
  description: string;
  isGlobal: boolean;
  regions: string[];
  isActive: boolean;
}

export interface GroupMembers {
  userIds: readonly string[];
  roles: readonly string[];
}

async function insertMembers(db: Db, groupId: string, members: GroupMembers) {
  const rows = [
    ...members.userIds.map((userId) => ({ groupId, userId, role: null })),
    ...members.roles.map((role) => ({ groupId, userId: null, role })),
  ];
  if (rows.length > 0) await db.insert(approvalGroupMembers).values(rows);
}

const groups = versionedRecords(approvalGroups, 'approval group');

export async function insertGroup(
  db: Db,
  fields: GroupFields,
  members: GroupMembers,
  actorUserId: string,
  now: Date,
): Promise<string> {
  const id = await groups.insert(db, fields, actorUserId, now);
  await insertMembers(db, id, members);
  return id;
}

/** The group's next version with its members replaced; false when it is not at `expectedVersion`. */
export async function updateGroupAtVersion(
  db: Db,
  input: { id: string; expectedVersion: number; fields: GroupFields; members: GroupMembers },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  const { members, ...row } = input;
  if (!(await groups.updateAtVersion(db, row, actorUserId, now))) return false;
  await db.delete(approvalGroupMembers).where(eq(approvalGroupMembers.groupId, input.id));
  await insertMembers(db, input.id, members);
  return true;
}

export const deleteGroupAtVersion = groups.deleteAtVersion;

/** Rules, active or not, that name the group. */
/** Quotes with an approval step of this group still to decide (pending or awaited). */
export async function listQuotesAwaitingGroup(db: Db, groupId: string) {
  return db
    .select({ quoteNumber: quotes.quoteNumber })
    .from(quoteApprovalSteps)
    .innerJoin(quotes, eq(quotes.id, quoteApprovalSteps.quoteId))
    .where(
      and(
        eq(quoteApprovalSteps.groupId, groupId),
        inArray(quoteApprovalSteps.state, ['PENDING', 'AWAITED']),
      ),
    )
    .groupBy(quotes.quoteNumber)
    .orderBy(asc(quotes.quoteNumber))
    .limit(6);
}

export async function listRulesNamingGroup(db: Db, groupId: string) {
  return db
    .select({ id: approvalRules.id, name: approvalRules.name })
    .from(approvalRules)
    .where(sql`${groupId}::uuid = any(${approvalRules.groupIds})`)
    .orderBy(asc(approvalRules.name));
}

// ---------------------------------------------------------------------------------------------
// Rules

const ruleColumns = { rule: approvalRules, editor: editorOf(approvalRules) };

export async function listRules(db: Db) {
  return db.select(ruleColumns).from(approvalRules).orderBy(asc(approvalRules.name));
}

export async function findRule(db: Db, id: string) {
  return firstOrNull(db.select(ruleColumns).from(approvalRules).where(eq(approvalRules.id, id)));
}

export async function findRuleNamed(db: Db, name: string, exceptId?: string) {
  return findOtherNamed(db, approvalRules, name, exceptId);
}

export interface RuleFields {
  name: string;
  description: string;
  predicate: unknown;
  groupIds: string[];
  isActive: boolean;
  alwaysReapprove: boolean;
}

export const {
  insert: insertRule,
  updateAtVersion: updateRuleAtVersion,
  deleteAtVersion: deleteRuleAtVersion,
} = versionedRecords(approvalRules, 'approval rule');

// ---------------------------------------------------------------------------------------------
// Workflow templates

const workflowColumns = { workflow: workflowTemplates, editor: editorOf(workflowTemplates) };

export async function listWorkflows(db: Db) {
  return db
    .select(workflowColumns)
    .from(workflowTemplates)
    .orderBy(sql`${workflowTemplates.isDefault} desc`, asc(workflowTemplates.name));
}

export async function findWorkflow(db: Db, id: string) {
  return firstOrNull(
    db.select(workflowColumns).from(workflowTemplates).where(eq(workflowTemplates.id, id)),
  );
}

export async function findWorkflowNamed(db: Db, name: string, exceptId?: string) {
  return findOtherNamed(db, workflowTemplates, name, exceptId);
}

export async function countWorkflows(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(workflowTemplates);
  return row?.n ?? 0;
}

/** Takes the default mark off every template but `exceptId`, before another one takes it. */
export async function clearDefaultWorkflow(db: Db, exceptId: string | null) {
  await db
    .update(workflowTemplates)
    .set({ isDefault: false, version: sql`${workflowTemplates.version} + 1` })
    .where(
      and(
        eq(workflowTemplates.isDefault, true),
        exceptId ? ne(workflowTemplates.id, exceptId) : undefined,
      ),
    );
}

export interface WorkflowFields {
  name: string;
  description: string;
  nodes: unknown;
  isDefault: boolean;
}

export const {
  insert: insertWorkflow,
  updateAtVersion: updateWorkflowAtVersion,
  deleteAtVersion: deleteWorkflowAtVersion,
} = versionedRecords(workflowTemplates, 'workflow template');

// ---------------------------------------------------------------------------------------------
// Quotes (the rule preview)

export async function findQuoteByNumber(db: Db, quoteNumber: string) {
  const [row] = await db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      quoteName: quotes.quoteName,
      accountName: quotes.accountName,
    })
    .from(quotes)
    // Numbers are upper case (Q-2026-000123); a typed q-2026-000123 finds it through the index.
    .where(eq(quotes.quoteNumber, quoteNumber.toUpperCase()));
  return row ?? null;
}

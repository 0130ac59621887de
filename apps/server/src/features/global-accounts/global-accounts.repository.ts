import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  CurrencyAmount,
  GlobalAccountSummary,
  GroupAccount,
  GroupQuote,
  Person,
} from '@bastion/domain/global-accounts/schemas';
import { GLOBAL_ACCOUNT_ROLES } from '@bastion/domain/global-accounts/role-scope';
import type { Database } from '@bastion/db/client';
import { crmAccounts } from '@bastion/db/schema/crm';
import {
  globalAccountAccounts,
  globalAccounts,
  globalAccountTeam,
} from '@bastion/db/schema/global-accounts';
import { contracts, quotes } from '@bastion/db/schema/quotes';
import { userRoles, users } from '@bastion/db/schema/users';
import {
  amountToRenewSql,
  readContractSummaries,
} from '../../core/renewals/contracts.repository.ts';
import { personName } from '../../lib/db/queries.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
export { isUniqueViolation } from '../../lib/db/unique-violation.ts';

/* The global accounts' queries (issue 19): groups, their accounts and team, and what they add up to. */

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Quotes no longer open: accepted, booked, or archived. */
export const CLOSED_QUOTE_STATUSES = ['ACCEPTED', 'COMPLETED', 'ARCHIVED'] as const;

/** Which groups a caller may see: a condition on the groups, or none (all of them). */
export type GroupScope = SQL | undefined;

/**
 * Groups owned by or teamed with one of `people`; every group when `people` is null (those who
 * see them all).
 */
export function groupsOf(people: readonly string[] | null): GroupScope {
  if (people === null) return undefined;
  if (people.length === 0) return sql`false`;
  return or(
    inArray(globalAccounts.ownerUserId, [...people]),
    inArray(
      globalAccounts.id,
      sql`(select ${globalAccountTeam.globalAccountId} from ${globalAccountTeam}
        where ${inArray(globalAccountTeam.userId, [...people])})`,
    ),
  );
}

export async function findGroup(db: Executor, id: string, scope: SQL | undefined = undefined) {
  const [row] = await db
    .select()
    .from(globalAccounts)
    .where(and(eq(globalAccounts.id, id), scope));
  return row ?? null;
}

export async function findGroupByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: globalAccounts.id, name: globalAccounts.name })
    .from(globalAccounts)
    .where(eq(sql`lower(${globalAccounts.name})`, name.toLowerCase()));
  return row ?? null;
}

const personColumns = { id: users.id, name: personName, email: users.email };

/** Each group's summary, by name. */
export async function readGroupSummaries(
  db: Database,
  where: SQL | undefined,
): Promise<GlobalAccountSummary[]> {
  const groups = await db
    .select({
      id: globalAccounts.id,
      name: globalAccounts.name,
      description: globalAccounts.description,
      owner: { id: users.id, name: personName, email: users.email },
    })
    .from(globalAccounts)
    .leftJoin(users, eq(users.id, globalAccounts.ownerUserId))
    .where(where)
    .orderBy(asc(globalAccounts.name));
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.id);
  const [accountRows, teamRows, quoteRows, baseRows] = await Promise.all([
    db
      .select({
        groupId: globalAccountAccounts.globalAccountId,
        n: count(),
        regions: sql<
          string[]
        >`coalesce(array_agg(distinct ${crmAccounts.region}) filter (where ${crmAccounts.region} <> ''), '{}')`,
      })
      .from(globalAccountAccounts)
      .innerJoin(crmAccounts, eq(crmAccounts.id, globalAccountAccounts.accountId))
      .where(inArray(globalAccountAccounts.globalAccountId, ids))
      .groupBy(globalAccountAccounts.globalAccountId),
    db
      .select({ groupId: globalAccountTeam.globalAccountId, n: count() })
      .from(globalAccountTeam)
      .where(inArray(globalAccountTeam.globalAccountId, ids))
      .groupBy(globalAccountTeam.globalAccountId),
    db
      .select({ groupId: globalAccountAccounts.globalAccountId, n: count() })
      .from(quotes)
      .innerJoin(globalAccountAccounts, eq(globalAccountAccounts.accountId, quotes.accountId))
      .where(
        and(
          inArray(globalAccountAccounts.globalAccountId, ids),
          notInArray(quotes.statusId, [...CLOSED_QUOTE_STATUSES]),
        ),
      )
      .groupBy(globalAccountAccounts.globalAccountId),
    db
      .select({
        groupId: globalAccountAccounts.globalAccountId,
        currencyCode: contracts.currencyCode,
        amount: sql<string>`sum(${amountToRenewSql})`,
      })
      .from(contracts)
      .innerJoin(globalAccountAccounts, eq(globalAccountAccounts.accountId, contracts.accountId))
      .where(
        and(
          inArray(globalAccountAccounts.globalAccountId, ids),
          isNull(contracts.lostAt),
          isNull(contracts.renewedAt),
        ),
      )
      .groupBy(globalAccountAccounts.globalAccountId, contracts.currencyCode)
      .orderBy(asc(contracts.currencyCode)),
  ]);
  const oneByGroup = <T extends { groupId: string }>(rows: readonly T[]) =>
    new Map(rows.map((row) => [row.groupId, row]));
  const accounts = oneByGroup(accountRows);
  const teams = oneByGroup(teamRows);
  const openQuotes = oneByGroup(quoteRows);
  const bases = new Map<string, CurrencyAmount[]>();
  for (const row of baseRows) {
    const amounts = bases.get(row.groupId) ?? [];
    amounts.push({ currency_code: row.currencyCode, amount_minor: Number(row.amount) });
    bases.set(row.groupId, amounts);
  }
  return groups.map((group) => {
    const account = accounts.get(group.id);
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      owner: group.owner?.id ? group.owner : null,
      team_size: teams.get(group.id)?.n ?? 0,
      account_count: account?.n ?? 0,
      regions: [...(account?.regions ?? [])].sort(),
      open_quote_count: openQuotes.get(group.id)?.n ?? 0,
      installed_base: bases.get(group.id) ?? [],
    };
  });
}

export async function readTeam(db: Database, groupId: string): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(globalAccountTeam)
    .innerJoin(users, eq(users.id, globalAccountTeam.userId))
    .where(eq(globalAccountTeam.globalAccountId, groupId))
    .orderBy(asc(personName));
}

export async function readGroupAccounts(db: Database, groupId: string): Promise<GroupAccount[]> {
  return db
    .select({
      id: crmAccounts.id,
      name: crmAccounts.name,
      region: crmAccounts.region,
      country: crmAccounts.country,
    })
    .from(globalAccountAccounts)
    .innerJoin(crmAccounts, eq(crmAccounts.id, globalAccountAccounts.accountId))
    .where(eq(globalAccountAccounts.globalAccountId, groupId))
    .orderBy(asc(crmAccounts.region), asc(crmAccounts.name));
}

/** The open quotes of these accounts, latest change first (at most 200). */
export async function readOpenQuotes(
  db: Database,
  accountIds: readonly string[],
): Promise<GroupQuote[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select()
    .from(quotes)
    .where(
      and(
        inArray(quotes.accountId, [...accountIds]),
        notInArray(quotes.statusId, [...CLOSED_QUOTE_STATUSES]),
      ),
    )
    .orderBy(desc(quotes.updatedAt), asc(quotes.quoteNumber))
    .limit(200);
  return rows.map((quote) => ({
    id: quote.id,
    quote_number: quote.quoteNumber,
    quote_name: quote.quoteName,
    account_id: quote.accountId,
    account_name: quote.accountName,
    region: quote.region,
    status_id: quote.statusId,
    currency_code: quote.currencyCode,
    total_amount_minor: quote.totalAmountMinor,
    updated_at: quote.updatedAt.toISOString(),
    target_path: targetPathOfQuote(quote),
  }));
}

/** The CRM account with the group it belongs to, if any. */
export async function findAccountWithGroup(db: Executor, accountId: string) {
  const [row] = await db
    .select({
      id: crmAccounts.id,
      name: crmAccounts.name,
      kind: crmAccounts.kind,
      groupId: globalAccounts.id,
      groupName: globalAccounts.name,
    })
    .from(crmAccounts)
    .leftJoin(globalAccountAccounts, eq(globalAccountAccounts.accountId, crmAccounts.id))
    .leftJoin(globalAccounts, eq(globalAccounts.id, globalAccountAccounts.globalAccountId))
    .where(eq(crmAccounts.id, accountId));
  return row ?? null;
}

/** Holds GAM or GAM_GM as their own role. */
const holdsGamRole = sql`exists (select 1 from ${userRoles}
  where ${userRoles.userId} = ${users.id}
    and ${userRoles.delegationId} is null
    and ${inArray(userRoles.role, [...GLOBAL_ACCOUNT_ROLES])})`;

/** Enabled users holding GAM or GAM_GM (not lent), by name; or just the one asked for. */
export async function findGamPeople(db: Executor, userId?: string): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        userId === undefined ? undefined : eq(users.id, userId),
        eq(users.isDisabled, false),
        holdsGamRole,
      ),
    )
    .orderBy(asc(personName))
    .limit(500);
}

/** Customer accounts whose name or id contains the search, with their group, by name. */
export async function searchCustomerAccounts(db: Database, search: SQL | undefined) {
  return db
    .select({
      id: crmAccounts.id,
      name: crmAccounts.name,
      region: crmAccounts.region,
      country: crmAccounts.country,
      global_account_name: globalAccounts.name,
    })
    .from(crmAccounts)
    .leftJoin(globalAccountAccounts, eq(globalAccountAccounts.accountId, crmAccounts.id))
    .leftJoin(globalAccounts, eq(globalAccounts.id, globalAccountAccounts.globalAccountId))
    .where(and(eq(crmAccounts.kind, 'CUSTOMER'), search))
    .orderBy(asc(crmAccounts.name))
    .limit(20);
}

/** One group's summary, or undefined. */
export async function readGroupSummary(db: Database, id: string) {
  const [summary] = await readGroupSummaries(db, eq(globalAccounts.id, id));
  return summary;
}

/** The contracts of these accounts, as the renewals desk sums them up. */
export async function readAccountsContracts(db: Database, accountIds: readonly string[]) {
  if (accountIds.length === 0) return [];
  return readContractSummaries(db, inArray(contracts.accountId, [...accountIds]));
}

/** Another group with this name in any case (any group when `exceptId` is null). */
export async function findGroupNamed(db: Executor, name: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: globalAccounts.id })
    .from(globalAccounts)
    .where(
      and(
        eq(sql`lower(${globalAccounts.name})`, name.toLowerCase()),
        exceptId === null ? undefined : ne(globalAccounts.id, exceptId),
      ),
    );
  return row ?? null;
}

export interface GroupFields {
  name: string;
  description: string;
}

/** A new group; its id. */
export async function insertGroup(
  db: Executor,
  fields: GroupFields,
  createdBy: string,
): Promise<string> {
  const [created] = await db
    .insert(globalAccounts)
    .values({ ...fields, createdBy })
    .returning({ id: globalAccounts.id });
  if (!created) throw new Error('global account insert returned nothing');
  return created.id;
}

export async function updateGroup(db: Executor, id: string, fields: GroupFields) {
  await db
    .update(globalAccounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(globalAccounts.id, id));
}

/** Sets the group's owner (or none); a new owner leaves the team, in the same transaction. */
export async function setGroupOwner(db: Database, groupId: string, ownerId: string | null) {
  await db.transaction(async (tx) => {
    await tx
      .update(globalAccounts)
      .set({ ownerUserId: ownerId, updatedAt: new Date() })
      .where(eq(globalAccounts.id, groupId));
    if (ownerId !== null) {
      await tx
        .delete(globalAccountTeam)
        .where(
          and(
            eq(globalAccountTeam.globalAccountId, groupId),
            eq(globalAccountTeam.userId, ownerId),
          ),
        );
    }
  });
}

/** Takes someone off the group's team; false when they were not on it. */
export async function deleteTeamMember(
  db: Executor,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const removed = await db
    .delete(globalAccountTeam)
    .where(
      and(eq(globalAccountTeam.globalAccountId, groupId), eq(globalAccountTeam.userId, userId)),
    )
    .returning({ userId: globalAccountTeam.userId });
  return removed.length > 0;
}

/** Takes an account out of the group; false when it was not in it. */
export async function deleteGroupAccount(
  db: Executor,
  groupId: string,
  accountId: string,
): Promise<boolean> {
  const removed = await db
    .delete(globalAccountAccounts)
    .where(
      and(
        eq(globalAccountAccounts.globalAccountId, groupId),
        eq(globalAccountAccounts.accountId, accountId),
      ),
    )
    .returning({ accountId: globalAccountAccounts.accountId });
  return removed.length > 0;
}

import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  crmAccounts,
  crmConnection,
  crmContacts,
  crmOpportunities,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';

export type CrmConnectionRow = typeof crmConnection.$inferSelect;
export type CrmAdapterKind = CrmConnectionRow['adapter'];

const CONNECTION_ID = 1;

export async function findConnection(db: Database): Promise<CrmConnectionRow | null> {
  const [row] = await db.select().from(crmConnection).where(eq(crmConnection.id, CONNECTION_ID));
  return row ?? null;
}

export async function insertConnectionIfMissing(db: Database, adapter: CrmAdapterKind) {
  await db.insert(crmConnection).values({ id: CONNECTION_ID, adapter }).onConflictDoNothing();
}

export async function updateConnection(
  db: Database,
  change: Partial<Omit<CrmConnectionRow, 'id'>>,
): Promise<void> {
  await db.update(crmConnection).set(change).where(eq(crmConnection.id, CONNECTION_ID));
}

/**
 * Marks a sync as running unless one already is, in one statement, so two admins pressing
 * "Sync now" together start one sync. Null when another sync holds it.
 */
export async function claimSync(db: Database): Promise<CrmConnectionRow | null> {
  const [row] = await db
    .update(crmConnection)
    .set({ status: 'syncing', lastError: '' })
    .where(and(eq(crmConnection.id, CONNECTION_ID), ne(crmConnection.status, 'syncing')))
    .returning();
  return row ?? null;
}

export async function countOpportunities(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(crmOpportunities);
  return row?.n ?? 0;
}

/* The built-in CRM's records, as admins edit them. Queries only: the use-cases decide. */

export type CrmAccountRow = typeof crmAccounts.$inferSelect;
export type CrmContactRow = typeof crmContacts.$inferSelect;
export type CrmOpportunityRow = typeof crmOpportunities.$inferSelect;
export type CrmTeamMemberRow = typeof crmOpportunityTeamMembers.$inferSelect;
type NewAccount = typeof crmAccounts.$inferInsert;
type NewContact = typeof crmContacts.$inferInsert;
type NewOpportunity = typeof crmOpportunities.$inferInsert;

/** `%`, `_` and `\` are wildcards to LIKE: a search for them means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AccountQuery {
  search: string;
  kind: CrmAccountRow['kind'] | null;
  offset: number;
  limit: number;
}

export async function findAccountPage(db: Database, query: AccountQuery) {
  const where = and(
    query.kind ? eq(crmAccounts.kind, query.kind) : undefined,
    query.search
      ? or(
          ilike(crmAccounts.name, likePattern(query.search)),
          ilike(crmAccounts.id, likePattern(query.search)),
          ilike(crmAccounts.country, likePattern(query.search)),
        )
      : undefined,
  );
  const contactCount = db
    .select({ n: count() })
    .from(crmContacts)
    .where(eq(crmContacts.accountId, crmAccounts.id));
  const [rows, [total]] = await Promise.all([
    db
      .select({ account: crmAccounts, contactCount: sql<number>`(${contactCount})::int` })
      .from(crmAccounts)
      .where(where)
      .orderBy(asc(crmAccounts.name), asc(crmAccounts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(crmAccounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAccount(db: Database, id: string): Promise<CrmAccountRow | null> {
  const [row] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, id));
  return row ?? null;
}

export async function findAccounts(db: Database, ids: readonly string[]): Promise<CrmAccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(crmAccounts)
    .where(inArray(crmAccounts.id, [...ids]));
}

export async function insertAccount(db: Database, account: NewAccount): Promise<void> {
  await db.insert(crmAccounts).values(account);
}

export async function updateAccount(
  db: Database,
  id: string,
  change: Omit<NewAccount, 'id'>,
): Promise<void> {
  await db.update(crmAccounts).set(change).where(eq(crmAccounts.id, id));
}

/** How many opportunities name the account as their customer, partner and distributor. */
export async function countAccountUses(db: Database, id: string) {
  const [row] = await db
    .select({
      asCustomer: sql<number>`count(*) filter (where ${crmOpportunities.accountId} = ${id})::int`,
      asPartner: sql<number>`count(*) filter (where ${crmOpportunities.partnerAccountId} = ${id})::int`,
      asDistributor: sql<number>`count(*) filter (where ${crmOpportunities.distributorAccountId} = ${id})::int`,
    })
    .from(crmOpportunities)
    .where(
      or(
        eq(crmOpportunities.accountId, id),
        eq(crmOpportunities.partnerAccountId, id),
        eq(crmOpportunities.distributorAccountId, id),
      ),
    );
  return {
    asCustomer: row?.asCustomer ?? 0,
    asPartner: row?.asPartner ?? 0,
    asDistributor: row?.asDistributor ?? 0,
  };
}

export async function listContactsOf(db: Database, accountId: string): Promise<CrmContactRow[]> {
  return db
    .select()
    .from(crmContacts)
    .where(eq(crmContacts.accountId, accountId))
    .orderBy(asc(crmContacts.lastName), asc(crmContacts.firstName), asc(crmContacts.id));
}

export async function findContact(db: Database, id: string): Promise<CrmContactRow | null> {
  const [row] = await db.select().from(crmContacts).where(eq(crmContacts.id, id));
  return row ?? null;
}

export async function insertContact(db: Database, contact: NewContact): Promise<void> {
  await db.insert(crmContacts).values(contact);
}

export async function updateContact(
  db: Database,
  id: string,
  change: Omit<NewContact, 'id' | 'accountId'>,
): Promise<void> {
  await db.update(crmContacts).set(change).where(eq(crmContacts.id, id));
}

export async function deleteContact(db: Database, id: string): Promise<void> {
  await db.delete(crmContacts).where(eq(crmContacts.id, id));
}

/** Opportunities (removed ones too) whose partner contact this is, by name. */
export async function listOpportunitiesWithPartnerContact(db: Database, contactId: string) {
  return db
    .select({ id: crmOpportunities.id, name: crmOpportunities.name })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.partnerContactId, contactId))
    .orderBy(asc(crmOpportunities.name), asc(crmOpportunities.id));
}

export interface OpportunityRecordQuery {
  search: string;
  status: 'all' | 'live' | 'removed';
  offset: number;
  limit: number;
}

export async function findOpportunityPage(db: Database, query: OpportunityRecordQuery) {
  const where = and(
    query.status === 'live' ? isNull(crmOpportunities.removedFromCrmAt) : undefined,
    query.status === 'removed' ? isNotNull(crmOpportunities.removedFromCrmAt) : undefined,
    query.search
      ? or(
          ilike(crmOpportunities.name, likePattern(query.search)),
          ilike(crmOpportunities.id, likePattern(query.search)),
          ilike(crmAccounts.name, likePattern(query.search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ opportunity: crmOpportunities, accountName: crmAccounts.name })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(where)
      .orderBy(desc(crmOpportunities.modifiedOn), asc(crmOpportunities.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOpportunity(db: Database, id: string): Promise<CrmOpportunityRow | null> {
  const [row] = await db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
  return row ?? null;
}

export async function listTeamOf(db: Database, opportunityId: string): Promise<CrmTeamMemberRow[]> {
  return db
    .select()
    .from(crmOpportunityTeamMembers)
    .where(eq(crmOpportunityTeamMembers.opportunityId, opportunityId))
    .orderBy(asc(crmOpportunityTeamMembers.name), asc(crmOpportunityTeamMembers.email));
}

export async function insertOpportunity(db: Database, opportunity: NewOpportunity): Promise<void> {
  await db.insert(crmOpportunities).values(opportunity);
}

export async function updateOpportunity(
  db: Database,
  id: string,
  change: Partial<Omit<NewOpportunity, 'id'>>,
): Promise<CrmOpportunityRow | null> {
  const [row] = await db
    .update(crmOpportunities)
    .set(change)
    .where(eq(crmOpportunities.id, id))
    .returning();
  return row ?? null;
}

/** The opportunity's team becomes exactly these members. */
export async function replaceTeam(
  db: Database,
  opportunityId: string,
  members: readonly { email: string; name: string; role: string }[],
): Promise<void> {
  await db
    .delete(crmOpportunityTeamMembers)
    .where(eq(crmOpportunityTeamMembers.opportunityId, opportunityId));
  if (members.length === 0) return;
  await db
    .insert(crmOpportunityTeamMembers)
    .values(members.map((member) => ({ opportunityId, ...member })));
}

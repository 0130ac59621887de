import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
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
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import { containsText, firstOrNull, readPage } from '../../lib/db/queries.ts';
import type {
  CrmAccount,
  CrmAccountRow,
  CrmConnectionRow,
  CrmContact,
  CrmContactRow,
  CrmOpportunity,
  CrmOpportunityRow,
  CrmTeamMemberRow,
} from '../../lib/db/rows.ts';

export type { CrmAccountRow, CrmConnectionRow, CrmContactRow, CrmOpportunityRow, CrmTeamMemberRow };
export type CrmAdapterKind = CrmConnectionRow['adapter'];

const CONNECTION_ID = 1;

export async function findConnection(db: Database): Promise<CrmConnectionRow | null> {
  return firstOrNull(db.select().from(crmConnection).where(eq(crmConnection.id, CONNECTION_ID)));
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

/** What a sync claim starts with: who pressed the button, and when (also the claim's token). */
export interface SyncClaim {
  startedBy: string;
  at: Date;
  /** A running sync whose heartbeat is older than this died with its instance: take it over. */
  staleBefore: Date;
}

/**
 * Marks a sync as running unless one already is, in one statement, so two people pressing
 * "Sync now" together, on one instance or on two, start one sync. A claim whose heartbeat is
 * older than `staleBefore` was left by an instance that died mid-sync and is taken over. Null
 * when another live sync holds it. The row returned still has the last sync's record errors,
 * which this sync retries.
 */
export async function claimSync(db: Database, claim: SyncClaim): Promise<CrmConnectionRow | null> {
  return firstOrNull(
    db
      .update(crmConnection)
      .set({
        status: 'syncing',
        lastError: '',
        progressDone: 0,
        progressTotal: null,
        startedBy: claim.startedBy,
        syncHeartbeatAt: claim.at,
      })
      .where(
        and(
          eq(crmConnection.id, CONNECTION_ID),
          or(
            ne(crmConnection.status, 'syncing'),
            isNull(crmConnection.syncHeartbeatAt),
            lt(crmConnection.syncHeartbeatAt, claim.staleBefore),
          ),
        ),
      )
      .returning(),
  );
}

/**
 * Writes a running sync's progress and moves its heartbeat from `token` to `next`, only while
 * the claim is still the one this sync made (the heartbeat is the claim's token): a sync whose
 * stale claim another instance took over changes nothing. False when the claim is lost. Run in
 * the transaction of the batch it reports, so a lost claim also undoes the batch.
 */
export async function updateClaimedSync(
  db: Database,
  token: Date,
  next: Date,
  change: Partial<Omit<CrmConnectionRow, 'id' | 'syncHeartbeatAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(crmConnection)
    .set({ ...change, syncHeartbeatAt: next })
    .where(
      and(
        eq(crmConnection.id, CONNECTION_ID),
        eq(crmConnection.status, 'syncing'),
        eq(crmConnection.syncHeartbeatAt, token),
      ),
    )
    .returning({ id: crmConnection.id });
  return rows.length > 0;
}

/** Marks a sync failed whose heartbeat stopped before `staleBefore`, unless one took it over. */
export async function failStaleSync(
  db: Database,
  staleBefore: Date,
  lastError: string,
): Promise<void> {
  await db
    .update(crmConnection)
    .set({ status: 'failed', lastError })
    .where(
      and(
        eq(crmConnection.id, CONNECTION_ID),
        eq(crmConnection.status, 'syncing'),
        or(isNull(crmConnection.syncHeartbeatAt), lt(crmConnection.syncHeartbeatAt, staleBefore)),
      ),
    );
}

export async function countOpportunities(db: Database): Promise<number> {
  return db.$count(crmOpportunities);
}

/* The built-in CRM's records, as admins edit them. Queries only: the use-cases decide. */

export interface AccountQuery {
  search: string;
  kind: CrmAccountRow['kind'] | null;
  offset: number;
  limit: number;
}

export async function findAccountPage(db: Database, query: AccountQuery) {
  const where = and(
    query.kind ? eq(crmAccounts.kind, query.kind) : undefined,
    containsText(query.search, crmAccounts.name, crmAccounts.id, crmAccounts.country),
  );
  const contactCount = db
    .select({ n: count() })
    .from(crmContacts)
    .where(eq(crmContacts.accountId, crmAccounts.id));
  return readPage(
    query,
    db
      .select({ account: crmAccounts, contactCount: sql<number>`(${contactCount})::int` })
      .from(crmAccounts)
      .where(where)
      .orderBy(asc(crmAccounts.name), asc(crmAccounts.id))
      .$dynamic(),
    db.$count(crmAccounts, where),
  );
}

export async function findAccount(db: Database, id: string): Promise<CrmAccountRow | null> {
  return firstOrNull(db.select().from(crmAccounts).where(eq(crmAccounts.id, id)));
}

export async function findAccounts(db: Database, ids: readonly string[]): Promise<CrmAccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(crmAccounts)
    .where(inArray(crmAccounts.id, [...ids]));
}

export async function insertAccount(db: Database, account: CrmAccount): Promise<void> {
  await db.insert(crmAccounts).values(account);
}

export async function updateAccount(
  db: Database,
  id: string,
  change: Omit<CrmAccount, 'id'>,
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
  return firstOrNull(db.select().from(crmContacts).where(eq(crmContacts.id, id)));
}

export async function insertContact(db: Database, contact: CrmContact): Promise<void> {
  await db.insert(crmContacts).values(contact);
}

export async function updateContact(
  db: Database,
  id: string,
  change: Omit<CrmContact, 'id' | 'accountId'>,
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
    containsText(query.search, crmOpportunities.name, crmOpportunities.id, crmAccounts.name),
  );
  const matching = () =>
    db
      .select({ opportunity: crmOpportunities, accountName: crmAccounts.name })
      .from(crmOpportunities)
      .innerJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
      .where(where);
  return readPage(
    query,
    matching().orderBy(desc(crmOpportunities.modifiedOn), asc(crmOpportunities.id)).$dynamic(),
    db.$count(matching().as('matches')),
  );
}

export async function findOpportunity(db: Database, id: string): Promise<CrmOpportunityRow | null> {
  return firstOrNull(db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id)));
}

/** The opportunity's products: those typed in the CRM first, then the primary quote's by SKU and year. */
export async function listProductsOf(db: Database, opportunityId: string) {
  const line = crmOpportunityLineItems;
  return db
    .select()
    .from(line)
    .where(eq(line.opportunityId, opportunityId))
    .orderBy(sql`${line.bastionLineKey} is not null`, asc(line.bastionLineKey), asc(line.id));
}

export async function listTeamOf(db: Database, opportunityId: string): Promise<CrmTeamMemberRow[]> {
  return db
    .select()
    .from(crmOpportunityTeamMembers)
    .where(eq(crmOpportunityTeamMembers.opportunityId, opportunityId))
    .orderBy(asc(crmOpportunityTeamMembers.name), asc(crmOpportunityTeamMembers.email));
}

export async function insertOpportunity(db: Database, opportunity: CrmOpportunity): Promise<void> {
  await db.insert(crmOpportunities).values(opportunity);
}

export async function updateOpportunity(
  db: Database,
  id: string,
  change: Partial<Omit<CrmOpportunity, 'id'>>,
): Promise<CrmOpportunityRow | null> {
  return firstOrNull(
    db.update(crmOpportunities).set(change).where(eq(crmOpportunities.id, id)).returning(),
  );
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

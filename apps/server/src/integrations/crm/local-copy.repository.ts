import { and, asc, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';
import {
  crmAccounts,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import type {
  CrmAccount,
  CrmAdapter,
  CrmContact,
  CrmLineItem,
  CrmOpportunity,
  CrmOpportunitySnapshot,
  CrmTeamMember,
} from './crm-adapter.ts';
import type { CrmOpportunityRow } from '../../lib/db/rows.ts';
import { withCrm } from './with-crm.ts';

/**
 * Bastion's copy of the CRM (docs/decisions/008): what a sync and a refresh write into the crm_*
 * tables, and how snapshots are read back from them. Shared by the CRM feature (sync), the quotes
 * feature (refresh before a quote) and the embedded CRM, whose tables the copy is.
 */

/** Rows per statement: the widest table has ~60 columns, far below 65,535 parameters. */
const CHUNK = 500;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK);
}

/** `set col = excluded.col` for every column but the keys: the CRM's record replaces ours. */
function takeIncoming(table: PgTable, keep: readonly string[], keepUnlessGiven: readonly string[]) {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (keep.includes(key)) continue;
    const incoming = sql.raw(`excluded."${column.name}"`);
    // Bastion's own write-back: a sync that does not carry it must not erase it.
    set[key] = keepUnlessGiven.includes(key) ? sql`coalesce(${incoming}, ${column})` : incoming;
  }
  return set;
}

/** Inserts or replaces `rows` by id, a chunk at a time, keeping `keepUnlessGiven` as above. */
async function upsertById<T extends PgTable & { id: PgColumn }>(
  tx: Database,
  table: T,
  rows: readonly PgInsertValue<T>[],
  keepUnlessGiven: readonly string[] = [],
): Promise<void> {
  const set = takeIncoming(table, ['id'], keepUnlessGiven);
  for (const chunk of chunks(rows)) {
    await tx.insert(table).values(chunk).onConflictDoUpdate({ target: table.id, set });
  }
}

/** The last version of each record wins; one statement must not touch a row twice. */
function latestBy<T>(rows: readonly T[], keyOf: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [keyOf(row), row])).values()];
}

/**
 * Writes the CRM's opportunities into Bastion's copy: accounts, contacts and opportunities are
 * upserted; an opportunity's team and lines are replaced by the CRM's. Run inside a transaction,
 * so a failure leaves the copy as it was.
 */
export async function upsertSnapshots(
  tx: Database,
  snapshots: readonly CrmOpportunitySnapshot[],
): Promise<void> {
  if (snapshots.length === 0) return;
  const accounts = latestBy<CrmAccount>(
    snapshots.flatMap((s) => s.accounts),
    (a) => a.id,
  );
  const contacts = latestBy<CrmContact>(
    snapshots.flatMap((s) => s.contacts),
    (c) => c.id,
  );
  const opportunities = latestBy<CrmOpportunity>(
    snapshots.map((s) => s.opportunity),
    (o) => o.id,
  );
  const ids = opportunities.map((o) => o.id);
  const team = latestBy<CrmTeamMember>(
    snapshots.flatMap((s) => s.team),
    (m) => `${m.opportunityId}\u0000${m.email}`,
  );
  const lineItems = latestBy<CrmLineItem>(
    snapshots.flatMap((s) => s.lineItems),
    (l) => l.id,
  );

  // Parents before children, for the foreign keys.
  await upsertById(tx, crmAccounts, accounts);
  await upsertById(tx, crmContacts, contacts);
  const writeBack = ['quoteNumber', 'quoteStatus', 'quoteAmountMinor'];
  await upsertById(tx, crmOpportunities, opportunities, writeBack);
  for (const batch of chunks(ids)) {
    await tx
      .delete(crmOpportunityTeamMembers)
      .where(inArray(crmOpportunityTeamMembers.opportunityId, batch));
    await tx
      .delete(crmOpportunityLineItems)
      .where(inArray(crmOpportunityLineItems.opportunityId, batch));
  }
  for (const rows of chunks(team)) {
    await tx.insert(crmOpportunityTeamMembers).values(rows);
  }
  // A line the CRM moved from an opportunity outside this sync keeps its id.
  await upsertById(tx, crmOpportunityLineItems, lineItems);
}

/**
 * One opportunity as the CRM has it now, written into the copy first, so a quote is made from
 * current data (and its lists show it). Null when the CRM does not know the id; a CRM that does
 * not answer is a 502 (CRM_UNAVAILABLE).
 */
export async function refreshOpportunity(
  db: Database,
  adapter: CrmAdapter,
  id: string,
): Promise<CrmOpportunitySnapshot | null> {
  const snapshot = await withCrm(() => adapter.getOpportunity(id));
  // The embedded CRM's tables are the source: there is nothing to copy.
  if (adapter.kind !== 'embedded') {
    if (snapshot) await db.transaction((tx) => upsertSnapshots(tx, [snapshot]));
    else await markOpportunitiesRemoved(db, [id], new Date());
  }
  return snapshot;
}

/**
 * Takes opportunities the CRM deleted out of lists. The rows stay: quotes were made from them.
 * An opportunity already marked keeps its first removal time.
 */
export async function markOpportunitiesRemoved(
  tx: Database,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  for (const batch of chunks(ids)) {
    await tx
      .update(crmOpportunities)
      .set({ removedFromCrmAt: at })
      .where(and(inArray(crmOpportunities.id, batch), isNull(crmOpportunities.removedFromCrmAt)));
  }
}

/**
 * The opportunities' snapshots as the copy holds them: with their accounts, contacts, team and
 * lines, in as few queries as possible.
 */
export async function readSnapshots(
  db: Database,
  opportunities: readonly CrmOpportunityRow[],
): Promise<CrmOpportunitySnapshot[]> {
  const result: CrmOpportunitySnapshot[] = [];
  for (const batch of chunks(opportunities)) {
    const ids = batch.map((o) => o.id);
    const accountIds = [
      ...new Set(
        batch.flatMap((o) =>
          [o.accountId, o.partnerAccountId, o.distributorAccountId].filter(
            (id): id is string => id !== null,
          ),
        ),
      ),
    ];
    const [accounts, contacts, team, lineItems] = await Promise.all([
      db.select().from(crmAccounts).where(inArray(crmAccounts.id, accountIds)),
      db
        .select()
        .from(crmContacts)
        .where(inArray(crmContacts.accountId, accountIds))
        .orderBy(asc(crmContacts.id)),
      db
        .select()
        .from(crmOpportunityTeamMembers)
        .where(inArray(crmOpportunityTeamMembers.opportunityId, ids))
        .orderBy(asc(crmOpportunityTeamMembers.email)),
      db
        .select()
        .from(crmOpportunityLineItems)
        .where(inArray(crmOpportunityLineItems.opportunityId, ids))
        .orderBy(asc(crmOpportunityLineItems.id)),
    ]);
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    for (const opportunity of batch) {
      const own = new Set(
        [
          opportunity.accountId,
          opportunity.partnerAccountId,
          opportunity.distributorAccountId,
        ].filter((id): id is string => id !== null),
      );
      result.push({
        opportunity,
        accounts: [...own].flatMap((id) => accountById.get(id) ?? []),
        contacts: contacts.filter((c) => own.has(c.accountId)),
        team: team.filter((m) => m.opportunityId === opportunity.id),
        lineItems: lineItems.filter((l) => l.opportunityId === opportunity.id),
      });
    }
  }
  return result;
}

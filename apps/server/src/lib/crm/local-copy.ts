import { and, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
import { withCrm } from './with-crm.ts';

/**
 * Bastion's copy of the CRM (docs/decisions/008): what a sync and a refresh write into the crm_*
 * tables. Shared by the CRM feature (sync) and the quotes feature (refresh before a quote).
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
  for (const rows of chunks(accounts)) {
    await tx
      .insert(crmAccounts)
      .values(rows)
      .onConflictDoUpdate({ target: crmAccounts.id, set: takeIncoming(crmAccounts, ['id'], []) });
  }
  for (const rows of chunks(contacts)) {
    await tx
      .insert(crmContacts)
      .values(rows)
      .onConflictDoUpdate({ target: crmContacts.id, set: takeIncoming(crmContacts, ['id'], []) });
  }
  const writeBack = ['quoteNumber', 'quoteStatus', 'quoteAmountMinor'];
  for (const rows of chunks(opportunities)) {
    await tx
      .insert(crmOpportunities)
      .values(rows)
      .onConflictDoUpdate({
        target: crmOpportunities.id,
        set: takeIncoming(crmOpportunities, ['id'], writeBack),
      });
  }
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
  for (const rows of chunks(lineItems)) {
    // A line the CRM moved from an opportunity outside this sync keeps its id.
    await tx
      .insert(crmOpportunityLineItems)
      .values(rows)
      .onConflictDoUpdate({
        target: crmOpportunityLineItems.id,
        set: takeIncoming(crmOpportunityLineItems, ['id'], []),
      });
  }
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

import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { crmConnection, crmOpportunities } from '@bastion/db/schema/crm';

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

export async function opportunityExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: crmOpportunities.id })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, id));
  return row !== undefined;
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { approvalLinks } from '@bastion/db/schema/approvals';
import { firstOrNull } from '../../lib/db/queries.ts';

/* The e-mailed approve/reject links (issue 37, decision 041): only their hashes are stored. */

export type ApprovalLinkRow = typeof approvalLinks.$inferSelect;

export async function insertApprovalLinks(
  db: Database,
  rows: (typeof approvalLinks.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(approvalLinks).values(rows);
}

export async function findApprovalLink(db: Database, tokenHash: string) {
  return firstOrNull(db.select().from(approvalLinks).where(eq(approvalLinks.tokenHash, tokenHash)));
}

/** Uses the link if nobody has: of two uses at once exactly one wins. False when it was used. */
export async function useApprovalLink(
  db: Database,
  id: string,
  decision: 'APPROVED' | 'REJECTED',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(approvalLinks)
    .set({ usedAt: at, usedDecision: decision })
    .where(and(eq(approvalLinks.id, id), isNull(approvalLinks.usedAt)))
    .returning({ id: approvalLinks.id });
  return rows.length > 0;
}

import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteApprovalSteps, quoteApprovals } from '@bastion/db/schema/approvals';
import { quotes } from '@bastion/db/schema/quotes';

/* Writing a submission and its steps (submitting, and smart re-approval after a change). */

export async function listStepsOf(db: Database, approvalIds: readonly string[]) {
  if (approvalIds.length === 0) return [];
  return db
    .select()
    .from(quoteApprovalSteps)
    .where(inArray(quoteApprovalSteps.approvalId, [...approvalIds]))
    .orderBy(asc(quoteApprovalSteps.stage), asc(quoteApprovalSteps.groupName));
}

export async function nextSubmissionNumber(db: Database, quoteId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${quoteApprovals.submissionNumber}), 0)::int` })
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, quoteId));
  return (row?.n ?? 0) + 1;
}

export async function insertSubmission(db: Database, values: typeof quoteApprovals.$inferInsert) {
  const [row] = await db.insert(quoteApprovals).values(values).returning();
  if (!row) throw new Error('submission insert returned nothing');
  return row;
}

/** What the approval cycle report copies from the step's quote (issue 19). */
type QuoteCopy = 'quoteCreatedAt' | 'quoteRegion' | 'quoteType' | 'quoteDealType';

export async function insertSteps(
  db: Database,
  values: Omit<typeof quoteApprovalSteps.$inferInsert, QuoteCopy>[],
) {
  if (values.length === 0) return [];
  const ofQuote = (quoteId: string, column: SQL) =>
    sql`(select ${column} from ${quotes} where ${quotes.id} = ${quoteId})`;
  return db
    .insert(quoteApprovalSteps)
    .values(
      values.map((v) => ({
        ...v,
        quoteCreatedAt: ofQuote(v.quoteId, sql`${quotes.createdAt}`),
        quoteRegion: ofQuote(v.quoteId, sql`${quotes.region}`),
        quoteType: ofQuote(v.quoteId, sql`${quotes.quoteType}`),
        quoteDealType: ofQuote(v.quoteId, sql`${quotes.dealType}`),
      })),
    )
    .returning();
}

/** Names the revision taken of what was submitted (taken after the submission, to show it). */
export async function setSubmissionRevision(db: Database, id: string, revisionNumber: number) {
  const [row] = await db
    .update(quoteApprovals)
    .set({ revisionNumber })
    .where(eq(quoteApprovals.id, id))
    .returning();
  if (!row) throw new Error('submission update returned nothing');
  return row;
}

/** Voids a submission (the quote changed, or a newer one replaces it), with its open steps. */
export async function voidSubmission(db: Database, id: string, reason: string, at: Date) {
  await db
    .update(quoteApprovals)
    .set({ state: 'VOIDED', outcomeReason: reason, closedAt: at })
    .where(eq(quoteApprovals.id, id));
  await voidOpenSteps(db, id);
}

/** The steps of a submission still to decide, voided with it. */
export async function voidOpenSteps(db: Database, id: string) {
  await db
    .update(quoteApprovalSteps)
    .set({ state: 'VOIDED' })
    .where(
      and(
        eq(quoteApprovalSteps.approvalId, id),
        inArray(quoteApprovalSteps.state, ['PENDING', 'AWAITED']),
      ),
    );
}

/** Moves a quote the caller's write holds (same transaction) to another approval status. */
export async function setQuoteStatus(db: Database, id: string, statusId: string) {
  const [row] = await db.update(quotes).set({ statusId }).where(eq(quotes.id, id)).returning();
  if (!row) throw new Error('quote update returned nothing');
  return row;
}

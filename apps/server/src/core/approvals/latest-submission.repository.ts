import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteApprovalSteps, quoteApprovals } from '@bastion/db/schema/approvals';
import { users } from '@bastion/db/schema/users';
import { firstOrNull, personName } from '../../lib/db/queries.ts';

/** The quote's latest submission with its steps and who decided them, or null. */
export async function findLatestSubmission(db: Database, quoteId: string) {
  const submission = await firstOrNull(
    db
      .select()
      .from(quoteApprovals)
      .where(eq(quoteApprovals.quoteId, quoteId))
      .orderBy(desc(quoteApprovals.submissionNumber))
      .limit(1),
  );
  if (!submission) return null;
  const steps = await db
    .select({ step: quoteApprovalSteps, decidedBy: personName })
    .from(quoteApprovalSteps)
    .leftJoin(users, eq(users.id, quoteApprovalSteps.decidedBy))
    .where(eq(quoteApprovalSteps.approvalId, submission.id))
    .orderBy(asc(quoteApprovalSteps.stage), asc(quoteApprovalSteps.groupName));
  return { submission, steps };
}

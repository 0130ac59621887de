import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { approvalGroups, approvalRules, workflowTemplates } from '@bastion/db/schema/approvals';
import { firstOrNull } from '../../lib/db/queries.ts';

/* What an approval plan reads: the active rules, the groups and the default workflow. */

export async function listActiveRules(db: Database) {
  return db.select().from(approvalRules).where(eq(approvalRules.isActive, true));
}

export async function listGroups(db: Database) {
  return db.select().from(approvalGroups);
}

export async function findDefaultWorkflow(db: Database) {
  return firstOrNull(
    db.select().from(workflowTemplates).where(eq(workflowTemplates.isDefault, true)).limit(1),
  );
}

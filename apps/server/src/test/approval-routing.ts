import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { approvalRules, workflowTemplates } from '@bastion/db/schema/approvals';

type NewRule = typeof approvalRules.$inferInsert;
type NewWorkflow = Pick<typeof workflowTemplates.$inferInsert, 'name' | 'nodes'>;

/**
 * Puts these rules and this default workflow in force, alone: the rules already active are
 * switched off and the default workflow replaced, until `restore` puts them back. The test
 * database is shared by many files and holds the demo approval set-up, so a test about approval
 * routing must own it while it runs.
 */
export async function takeOverApprovalRouting(
  db: Database,
  setUp: { rules: NewRule[]; workflow: NewWorkflow },
) {
  const switchedOff = await db
    .update(approvalRules)
    .set({ isActive: false })
    .where(eq(approvalRules.isActive, true))
    .returning({ id: approvalRules.id });
  const rules = await db
    .insert(approvalRules)
    .values(setUp.rules)
    .returning({ id: approvalRules.id });
  const [previousDefault] = await db
    .update(workflowTemplates)
    .set({ isDefault: false })
    .where(eq(workflowTemplates.isDefault, true))
    .returning({ id: workflowTemplates.id });
  const [workflow] = await db
    .insert(workflowTemplates)
    .values({ ...setUp.workflow, isDefault: true })
    .returning({ id: workflowTemplates.id });
  if (!workflow) throw new Error('workflow insert returned nothing');

  async function restore() {
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    if (rules.length > 0) {
      await db
        .update(approvalRules)
        .set({ isActive: false })
        .where(inArray(approvalRules.id, ids(rules)));
    }
    if (switchedOff.length > 0) {
      await db
        .update(approvalRules)
        .set({ isActive: true })
        .where(inArray(approvalRules.id, ids(switchedOff)));
    }
    await db
      .update(workflowTemplates)
      .set({ isDefault: false })
      .where(eq(workflowTemplates.id, workflow!.id));
    if (previousDefault) {
      await db
        .update(workflowTemplates)
        .set({ isDefault: true })
        .where(eq(workflowTemplates.id, previousDefault.id));
    }
  }
  return { ruleIds: rules.map((r) => r.id), workflowId: workflow.id, restore };
}

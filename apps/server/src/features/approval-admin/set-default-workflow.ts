import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation, notFound, staleRecord } from './approval-admin-errors.ts';
import {
  clearDefaultWorkflow,
  findWorkflow,
  updateWorkflowAtVersion,
} from './approval-admin.repository.ts';
import { getWorkflowTemplate } from './list-workflows.ts';
import { DEFAULT_RACE_MESSAGE } from './save-workflow.ts';

/** Makes a template the one submissions use; the previous default stops being it. */
export async function setDefaultWorkflow(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number },
  now = new Date(),
) {
  try {
    await db.transaction(async (tx) => {
      const current = await findWorkflow(tx, input.id);
      if (!current) throw notFound('workflow template');
      if (current.workflow.version !== input.version) throw staleRecord('workflow template');
      if (current.workflow.isDefault) return;
      await clearDefaultWorkflow(tx, input.id);
      const isSaved = await updateWorkflowAtVersion(
        tx,
        { id: input.id, expectedVersion: input.version, fields: { isDefault: true } },
        caller.userId,
        now,
      );
      if (!isSaved) throw staleRecord('workflow template');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DEFAULT_RACE_MESSAGE);
    throw error;
  }
  return getWorkflowTemplate(db, input.id);
}

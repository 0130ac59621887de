import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { notFound, staleRecord } from './approval-admin-errors.ts';
import { deleteWorkflowAtVersion, findWorkflow } from './approval-admin.repository.ts';

/**
 * Deletes a template other than the default (submissions always need one). Past submissions
 * keep their stages; their link to the template is cleared.
 */
export async function deleteWorkflowTemplate(db: Database, id: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await findWorkflow(tx, id);
    if (!current) throw notFound('workflow template');
    if (current.workflow.version !== version) throw staleRecord('workflow template');
    if (current.workflow.isDefault) {
      throw new AppError(
        'CONFLICT',
        `"${current.workflow.name}" is the default workflow. Make another workflow the default before deleting this one.`,
      );
    }
    if (!(await deleteWorkflowAtVersion(tx, id, version))) throw staleRecord('workflow template');
    return { id, is_deleted: true as const, name: current.workflow.name };
  });
}

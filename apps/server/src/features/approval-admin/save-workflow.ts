import { checkWorkflowNodes } from '@bastion/domain/approvals/workflow';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SaveWorkflowInput } from './approval-admin.schemas.ts';
import {
  invalidField,
  isUniqueViolation,
  notFound,
  requireVersion,
  staleRecord,
} from './approval-admin-errors.ts';
import {
  clearDefaultWorkflow,
  countWorkflows,
  findWorkflow,
  findWorkflowNamed,
  insertWorkflow,
  listGroupScopes,
  updateWorkflowAtVersion,
  type WorkflowFields,
} from './approval-admin.repository.ts';
import { getWorkflowTemplate } from './list-workflows.ts';

export const DEFAULT_RACE_MESSAGE =
  'Another workflow became the default at the same moment. Reload and try again.';

/**
 * Creates a workflow template (no id) or changes one. The nodes must pass checkWorkflowNodes
 * against the groups that exist. Exactly one template is the default: the first one is, making
 * one the default takes the mark off the other, and the default cannot simply drop it.
 */
export async function saveWorkflowTemplate(
  db: Database,
  caller: AuthContext,
  input: SaveWorkflowInput,
  now = new Date(),
) {
  try {
    const id = await db.transaction(async (tx) => {
      const known = new Set((await listGroupScopes(tx)).map((g) => g.id));
      const check = checkWorkflowNodes(input.nodes, known);
      if (!check.ok) throw invalidField('nodes', check.message);
      if (await findWorkflowNamed(tx, input.name, input.id)) {
        throw invalidField('name', `Another workflow is called "${input.name}".`);
      }
      const fields: WorkflowFields = {
        name: input.name,
        description: input.description,
        nodes: check.nodes,
        isDefault: input.is_default,
      };

      if (input.id === undefined) {
        // Submissions need a default: the first template is it.
        if ((await countWorkflows(tx)) === 0) fields.isDefault = true;
        if (fields.isDefault) await clearDefaultWorkflow(tx, null);
        return insertWorkflow(tx, fields, caller.userId, now);
      }
      const version = requireVersion(input.version, 'workflow template');
      const current = await findWorkflow(tx, input.id);
      if (!current) throw notFound('workflow template');
      if (current.workflow.version !== version) throw staleRecord('workflow template');
      if (current.workflow.isDefault && !fields.isDefault) {
        throw invalidField(
          'is_default',
          `"${current.workflow.name}" is the default workflow. Make another workflow the default instead.`,
        );
      }
      if (fields.isDefault && !current.workflow.isDefault) await clearDefaultWorkflow(tx, input.id);
      const isSaved = await updateWorkflowAtVersion(
        tx,
        { id: input.id, expectedVersion: version, fields },
        caller.userId,
        now,
      );
      if (!isSaved) throw staleRecord('workflow template');
      return input.id;
    });
    return { ...(await getWorkflowTemplate(db, id)), isCreated: input.id === undefined };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (await findWorkflowNamed(db, input.name, input.id)) {
      throw invalidField('name', `Another workflow is called "${input.name}".`);
    }
    throw new AppError('CONFLICT', DEFAULT_RACE_MESSAGE);
  }
}

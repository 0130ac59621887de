import { checkWorkflowNodes } from '@bastion/domain/approvals/workflow';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SaveWorkflowInput } from '@bastion/domain/approval-admin/api';
import { invalidField, isUniqueViolation } from './approval-admin-errors.ts';
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
import { insertOrUpdateAtVersion } from './save-at-version.ts';
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

      return insertOrUpdateAtVersion(input, 'workflow template', {
        insert: async () => {
          // Submissions need a default: the first template is it.
          if ((await countWorkflows(tx)) === 0) fields.isDefault = true;
          if (fields.isDefault) await clearDefaultWorkflow(tx, null);
          return insertWorkflow(tx, fields, caller.userId, now);
        },
        find: async (id) => (await findWorkflow(tx, id))?.workflow,
        beforeUpdate: async (current) => {
          if (current.isDefault && !fields.isDefault) {
            throw invalidField(
              'is_default',
              `"${current.name}" is the default workflow. Make another workflow the default instead.`,
            );
          }
          if (fields.isDefault && !current.isDefault) await clearDefaultWorkflow(tx, current.id);
        },
        update: (id, expectedVersion) =>
          updateWorkflowAtVersion(tx, { id, expectedVersion, fields }, caller.userId, now),
      });
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

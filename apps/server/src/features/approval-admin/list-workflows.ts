import type { WorkflowNode } from '@bastion/domain/approvals/workflow';
import type { Database } from '@bastion/db/client';
import type { WorkflowView } from '@bastion/domain/approval-admin/api';
import { notFound } from './approval-admin-errors.ts';
import { findWorkflow, listWorkflows, type WorkflowRow } from './approval-admin.repository.ts';
import { versionedFieldsOf } from '../../lib/edited-fields.ts';

/** Whether stored workflow nodes name the group in a step. */
export function placesGroup(nodes: unknown, groupId: string): boolean {
  return (
    Array.isArray(nodes) &&
    nodes.some(
      (node: unknown) =>
        typeof node === 'object' &&
        node !== null &&
        (node as { kind?: unknown }).kind === 'STEP' &&
        Array.isArray((node as { group_ids?: unknown }).group_ids) &&
        (node as { group_ids: unknown[] }).group_ids.includes(groupId),
    )
  );
}

function workflowView(row: { workflow: WorkflowRow; editor: string | null }): WorkflowView {
  const { workflow } = row;
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    // Stored nodes went through checkWorkflowNodes at save.
    nodes: workflow.nodes as WorkflowNode[],
    is_default: workflow.isDefault,
    ...versionedFieldsOf(workflow, row.editor),
  };
}

/** The templates, the default first. */
export async function listWorkflowTemplates(db: Database) {
  return { workflows: (await listWorkflows(db)).map(workflowView) };
}

export async function getWorkflowTemplate(db: Database, id: string): Promise<WorkflowView> {
  const row = await findWorkflow(db, id);
  if (!row) throw notFound('workflow template');
  return workflowView(row);
}

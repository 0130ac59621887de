import type { WorkflowNode } from '@bastion/domain/approvals/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { approvalAdminKeys, BASE, type Deleted } from './approval-admin-keys.ts';

/* Workflow templates (POST /api/dx/approval-admin/workflows/*). */

export interface WorkflowTemplate {
  id: string;
  name: string;
  description: string;
  nodes: WorkflowNode[];
  is_default: boolean;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface WorkflowTemplateInput {
  id?: string;
  version?: number;
  name: string;
  description: string;
  nodes: unknown;
  is_default: boolean;
}

export function useWorkflowTemplates() {
  return useQuery({
    queryKey: approvalAdminKeys.workflows,
    queryFn: ({ signal }) =>
      apiPost<{ workflows: WorkflowTemplate[] }>(`${BASE}/workflows/list`, {}, { signal }),
  });
}

function useInvalidatingMutation<I, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<O>(`${BASE}/${path}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}

export const useSaveWorkflowTemplate = () =>
  useInvalidatingMutation<WorkflowTemplateInput, WorkflowTemplate>('workflows/save');

export const useSetDefaultWorkflow = () =>
  useInvalidatingMutation<{ id: string; version: number }, WorkflowTemplate>(
    'workflows/set-default',
  );

export const useDeleteWorkflowTemplate = () =>
  useInvalidatingMutation<{ id: string; version: number }, Deleted>('workflows/delete');

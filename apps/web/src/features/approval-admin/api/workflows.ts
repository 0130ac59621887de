import type { ZWorkflow } from '@bastion/domain/approval-admin/api';
import type {
  ZSaveWorkflowBody,
  ZSetDefaultWorkflowBody,
} from '@bastion/domain/approval-admin/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

/* Workflow templates (POST /api/dx/approval-admin/workflows/*). */

export type WorkflowTemplate = z.infer<typeof ZWorkflow>;

/** What a save sends: the server's schema (packages/domain). */
export type WorkflowTemplateInput = z.input<typeof ZSaveWorkflowBody>;

export const useWorkflowTemplates = () => useAdminList('workflows');
export const useSaveWorkflowTemplate = () => useRowSave('workflows');

/** Making one the default takes the mark off the others: the list reloads rather than guess. */
export function useSetDefaultWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZSetDefaultWorkflowBody>) =>
      apiPost<WorkflowTemplate>(`${BASE}/workflows/set-default`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}

export const useDeleteWorkflowTemplate = () => useRowDelete('workflows');

import type { AdminTab } from '@/components/admin/admin-layout.tsx';

export const APPROVAL_ADMINS = 'root admins and deal desk admins';

/** The three screens of the approval admin, as tabs (the menu links the first); any {id} of a screen belongs to its tab. */
export function approvalAdminTabs(context: string): { label: string; items: AdminTab[] } {
  const tab = (path: string, id: string, label: string): AdminTab => ({
    to: `/${context}/${path}/${id}/ref`,
    label,
    activePrefix: `/${context}/${path}/`,
  });
  return {
    label: 'Approval admin',
    items: [
      tab('manage-approval-admin', 'new', 'Groups & rules'),
      tab('manage-workflow-template', 'default', 'Workflow templates'),
      tab('manage-partner-exception', 'new', 'Partner exceptions'),
    ],
  };
}

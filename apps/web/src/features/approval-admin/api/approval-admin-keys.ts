/** Query keys of the approval admin; saving a group or rule refreshes both (rule counts). */
export const approvalAdminKeys = {
  all: ['approval-admin'] as const,
  groups: ['approval-admin', 'groups'] as const,
  rules: ['approval-admin', 'rules'] as const,
  memberOptions: ['approval-admin', 'member-options'] as const,
  workflows: ['approval-admin', 'workflows'] as const,
  partnerExceptions: ['approval-admin', 'partner-exceptions'] as const,
  partnerOptions: (search: string) => ['approval-admin', 'partner-options', search] as const,
};

export const BASE = '/api/dx/approval-admin';

export interface Deleted {
  id: string;
  is_deleted: true;
}

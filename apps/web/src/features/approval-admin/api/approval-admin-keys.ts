export const BASE = '/api/dx/approval-admin';

/** The admin's lists, by the field the server answers each in, and where each lives under BASE. */
export const LIST_PATHS = {
  groups: 'groups',
  rules: 'rules',
  workflows: 'workflows',
  partner_exceptions: 'partner-exceptions',
} as const;
export type ListName = keyof typeof LIST_PATHS;

/** Query keys of the approval admin; saving a group or rule refreshes both (rule counts). */
export const approvalAdminKeys = {
  all: ['approval-admin'] as const,
  list: (name: ListName) => ['approval-admin', LIST_PATHS[name]] as const,
  memberOptions: ['approval-admin', 'member-options'] as const,
  partnerOptions: (search: string) => ['approval-admin', 'partner-options', search] as const,
};

import { useNavigate, useParams } from 'react-router';
import type { AdminTab } from '@/components/admin/admin-layout.tsx';

export const APPROVAL_ADMINS = 'root admins and deal desk admins';

/**
 * The three screens of the approval admin, each at /{context}/{screen}/{id}/{ref}: its tab (the
 * menu links the first), its heading, and the {id} an address without one shows.
 */
const SCREENS = {
  'manage-approval-admin': {
    tab: 'Groups & rules',
    defaultId: 'new',
    title: 'Approval admin',
    subtitle:
      'Who approves what: groups of approvers, and the rules over a quote’s facts that ask for them.',
  },
  'manage-workflow-template': {
    tab: 'Workflow templates',
    defaultId: 'default',
    title: 'Workflow templates',
    subtitle: 'The order in which approval groups decide. Submissions follow the default template.',
  },
  'manage-partner-exception': {
    tab: 'Partner exceptions',
    defaultId: 'new',
    title: 'Partner exceptions',
    subtitle:
      'Partners allowed an extra discount for a time. A rule can ask for approval whenever a quote’s partner has one in force.',
  },
} as const;

/** The screens as tabs; any {id} of a screen belongs to its tab. */
function approvalAdminTabs(context: string): { label: string; items: AdminTab[] } {
  return {
    label: 'Approval admin',
    items: Object.entries(SCREENS).map(([path, screen]) => ({
      to: `/${context}/${path}/${screen.defaultId}/ref`,
      label: screen.tab,
      activePrefix: `/${context}/${path}/`,
    })),
  };
}

/**
 * Where an approval admin screen is: `id` names the record it shows (its default when the address
 * names none), `go` shows another one, and `frame` is its heading and the area's tabs.
 */
export function useApprovalAdminScreen(path: keyof typeof SCREENS) {
  const screen = SCREENS[path];
  const { context = 'cpq', id = screen.defaultId, ref = 'ref' } = useParams();
  const navigate = useNavigate();
  return {
    id,
    go: (target: string) => void navigate(`/${context}/${path}/${target}/${ref}`),
    frame: { title: screen.title, subtitle: screen.subtitle, tabs: approvalAdminTabs(context) },
  };
}

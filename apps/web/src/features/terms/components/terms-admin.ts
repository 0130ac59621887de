import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { AdminTab } from '@/components/admin/admin-layout.tsx';

/** Who edits the library and its rules (the server's rule; the page only hides what it refuses). */
export const isTermsAdmin = (f: PermissionFlags) =>
  f.is_root_admin || f.is_deal_desk_admin || f.is_legal;

export const TERMS_EDITORS = 'deal desk admins and legal';

/** The library and its rules, as tabs. */
export const termsAdminTabs = (context: string): { label: string; items: AdminTab[] } => ({
  label: 'Terms and conditions',
  items: [
    { to: `/${context}/terms-condition`, label: 'Clause library' },
    { to: `/${context}/manage-terms-condition`, label: 'Clause rules' },
  ],
});

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as the app shows times (spec §9), in the user's zone. */
export function formatWhen(iso: string): string {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDateTime(millis / 1000, userTimeZone);
}

/** An ISO instant's day, DD-MMM-YYYY, in the user's zone. */
export function formatDay(iso: string): string {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDate(millis / 1000, userTimeZone);
}

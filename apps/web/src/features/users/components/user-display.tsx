import type { UserListRow, UserRoleView } from '@bastion/domain/accounts/user-admin-schemas';
import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import Badge from 'react-bootstrap/Badge';
import { StatusBadge } from '@/components/status-badge.tsx';

/*
 * How a user shows in the grid and on their page: name, status and two-step sign-in badges,
 * roles with what they are limited to, and instants in the app's date format.
 */

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'DD-MMM-YYYY hh:mm AM zone' in the user's time zone, as everywhere in the app. */
export function when(iso: string | null | undefined, never = ''): string {
  if (!iso) return never;
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? never : formatDateTime(millis / 1000, userTimeZone);
}

export const fullNameOf = (user: Pick<UserListRow, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/** 'DD-MMM-YYYY' in the user's time zone, for narrow columns (the full instant as a tooltip). */
export function onDay(iso: string | null | undefined, never = ''): string {
  if (!iso) return never;
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? never : formatDate(millis / 1000, userTimeZone);
}

/** The path of a user's page; the e-mail is one path segment, so it is encoded. */
export const userDetailPath = (email: string) =>
  `/cpq/user-detail/${encodeURIComponent(email)}/ref`;

/** Active in success green, Disabled in red (spec §4). */
export function UserStatusBadge({ isDisabled }: { isDisabled: boolean }) {
  return isDisabled ? (
    <StatusBadge label="Disabled" tone="red" />
  ) : (
    <StatusBadge label="Active" tone="success" />
  );
}

/** A program's account, which calls the API with tokens (issue 21). */
export function ServiceAccountBadge() {
  return <StatusBadge label="Service account" tone="teal" />;
}

export function MfaBadge({ isEnabled }: { isEnabled: boolean }) {
  return isEnabled ? (
    <StatusBadge label="Two-step on" tone="blue" />
  ) : (
    <StatusBadge label="Two-step off" tone="grey" />
  );
}

/** "SALES_USER · EMEA, APJ"; account limits name their accounts when the names are known. */
export function roleText(role: UserRoleView, accountNames?: ReadonlyMap<string, string>): string {
  if (role.assignment === null || role.assignment_value.length === 0) return role.value;
  const values =
    role.assignment === 'ACCOUNT'
      ? role.assignment_value.map((id) => accountNames?.get(id) ?? id)
      : role.assignment_value;
  const shown =
    values.length > 3
      ? `${values.slice(0, 3).join(', ')} +${values.length - 3}`
      : values.join(', ');
  return `${role.value} · ${role.assignment === 'ACCOUNT' ? 'Accounts: ' : ''}${shown}`;
}

/** A user's roles as badges, delegated ones marked. */
export function RoleBadges({ roles }: { roles: readonly UserRoleView[] }) {
  if (roles.length === 0) return <span className="text-body-secondary small">No roles</span>;
  return (
    <div className="d-flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge
          key={role.value}
          bg={role.is_deligated_role ? 'info' : 'light'}
          text="dark"
          className="border fw-normal"
          title={role.is_deligated_role ? 'Delegated' : undefined}
        >
          {roleText(role)}
        </Badge>
      ))}
    </div>
  );
}

import type { RoleEntry } from '@bastion/domain/permissions/roles';
import Table from 'react-bootstrap/Table';
import type { SessionUser } from '../../auth/index.ts';
import { AccountCard } from './account-card.tsx';

const limitOf = (role: RoleEntry) =>
  role.assignment === 'REGION'
    ? `Regions: ${role.assignment_value.join(', ')}`
    : role.assignment === 'ACCOUNT'
      ? `Accounts: ${role.assignment_value.join(', ')}`
      : 'Everywhere';

/** Who the user is and what they may do: read-only, a user administrator changes it. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <>
      <AccountCard title="Details">
        <dl className="row mb-0">
          <dt className="col-sm-3">Name</dt>
          <dd className="col-sm-9">{name || '—'}</dd>
          <dt className="col-sm-3">E-mail</dt>
          <dd className="col-sm-9">{user.email}</dd>
          <dt className="col-sm-3">Signs in with</dt>
          <dd className="col-sm-9">{user.id_provider === 'Google' ? 'Google' : 'Password'}</dd>
          <dt className="col-sm-3">Approver</dt>
          <dd className="col-sm-9 mb-0">{user.is_approver ? 'Yes' : 'No'}</dd>
        </dl>
      </AccountCard>
      <AccountCard title="Roles">
        <p className="text-body-secondary small">
          Your roles decide which menus and quotes you see. A user administrator changes them.
        </p>
        <Table size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Where</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {user.roles.map((role) => (
              <tr key={`${role.value}-${String(role.is_deligated_role)}`}>
                <td>{role.value}</td>
                <td>{limitOf(role)}</td>
                <td>
                  {role.is_deligated_role ? (
                    <span className="badge text-bg-info">Delegated to you</span>
                  ) : (
                    'Your own'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </AccountCard>
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { displayNameOf } from '../../features/auth/api/session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useSession } from '../../features/auth/components/session-context.tsx';

// For root and IT admins only, and its control is a form: loaded when the menu first opens.
const MaintenanceMenuItem = lazy(async () => ({
  default: (await import('../../features/maintenance/components/maintenance-menu-item.tsx'))
    .MaintenanceMenuItem,
}));

interface UserMenuProps {
  /** The active group's context, so "My profile" stays in the same area. */
  context: string;
}

/** The signed-in user's name; opens profile and sign-out. */
export function UserMenu({ context }: UserMenuProps) {
  const { user } = useSession();
  const signOut = useSignOut();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const name = displayNameOf(user);
  const hasName = name !== user.email;

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="user-menu-toggle text-decoration-none"
        // Names the button by e-mail too, so it says who is signed in even with the text hidden.
        aria-label={hasName ? `${name} (${user.email})` : user.email}
      >
        <i className="bi bi-person-circle fs-5" aria-hidden="true" />
        <span className="d-none d-md-inline ms-2">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow">
        <Dropdown.Header>
          <div className="fw-semibold text-body">{name}</div>
          {hasName ? <div className="small">{user.email}</div> : null}
        </Dropdown.Header>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={`/${context}/user-profile/ref`}>
          <i className="bi bi-person me-2" aria-hidden="true" />
          My profile
        </Dropdown.Item>
        {user.is_approver || user.has_delegation || user.is_delegated_to_me ? (
          <Dropdown.Item as={Link} to={`/${context}/user-profile/ref/delegations`}>
            <i className="bi bi-person-up me-2" aria-hidden="true" />
            Delegate my approvals
          </Dropdown.Item>
        ) : null}
        {user.permissions.is_root_admin || user.permissions.is_it_admin ? (
          <Dropdown.Item as={Link} to={`/${context}/outbox/ref`}>
            <i className="bi bi-envelope me-2" aria-hidden="true" />
            Outgoing e-mail
          </Dropdown.Item>
        ) : null}
        <Suspense fallback={null}>
          <MaintenanceMenuItem />
        </Suspense>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          type="button"
          disabled={isSigningOut}
          onClick={() => {
            setIsSigningOut(true);
            void signOut();
          }}
        >
          <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
          Sign out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

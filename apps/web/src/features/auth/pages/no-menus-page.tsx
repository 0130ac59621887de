import Card from 'react-bootstrap/Card';
import { displayNameOf } from '../api/session.ts';
import { SignOutButton } from '../components/sign-out-button.tsx';
import { useSession } from '../components/session-context.tsx';

/** For a signed-in user whose roles give them no menu at all. */
export function NoMenusPage() {
  const { user } = useSession();
  const name = displayNameOf(user);
  return (
    <main className="auth-page">
      <title>No menus · Bastion CPQ</title>
      <Card className="auth-card shadow-sm text-center">
        <Card.Body className="p-4 p-sm-5">
          <i className="bi bi-person-lock no-data-icon" aria-hidden="true" />
          <h1 className="h4 mt-3">Your account has no menus yet</h1>
          <p className="text-body-secondary">
            You are signed in as <strong>{name}</strong>
            {name === user.email ? null : ` (${user.email})`}, but no part of Bastion CPQ has been
            opened to your account.
          </p>
          <p className="text-body-secondary">
            Please contact your administrator and ask for the roles you need.
          </p>
          <SignOutButton />
        </Card.Body>
      </Card>
    </main>
  );
}

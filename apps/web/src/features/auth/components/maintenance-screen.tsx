import Card from 'react-bootstrap/Card';
import { SignOutButton } from './sign-out-button.tsx';

/** What everyone but root admins sees while maintenance mode is on (spec §4). */
export function MaintenanceScreen() {
  return (
    <main className="auth-page">
      <title>Under maintenance · Bastion CPQ</title>
      <Card className="auth-card shadow-sm text-center">
        <Card.Body className="p-4 p-sm-5">
          <i className="bi bi-cone-striped no-data-icon text-warning" aria-hidden="true" />
          <h1 className="h4 mt-3">Bastion CPQ is under maintenance</h1>
          <p className="text-body-secondary">
            We are making improvements and will be back shortly. Your quotes are safe; this page
            reopens the application by itself when maintenance ends.
          </p>
          <SignOutButton />
        </Card.Body>
      </Card>
    </main>
  );
}

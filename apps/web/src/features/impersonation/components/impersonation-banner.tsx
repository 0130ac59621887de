import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { displayNameOf, useSession } from '../../auth/index.ts';
import { useImpersonate } from '../api/impersonate.ts';
import './impersonation-banner.css';

/** On every signed-in page while an administrator acts as someone: who, and the way back. */
export function ImpersonationBanner() {
  const { user } = useSession();
  const impersonate = useImpersonate();
  if (user.impersonated_by === null) return null;
  const name = displayNameOf(user);
  const who = name === user.email ? user.email : `${name} (${user.email})`;

  return (
    <Alert
      variant="warning"
      className="impersonation-banner d-flex flex-wrap align-items-center gap-3 border-warning shadow-sm"
      aria-label="Acting as another user"
    >
      <span className="impersonation-banner-text d-flex align-items-center gap-2">
        <i className="bi bi-person-badge fs-4" aria-hidden="true" />
        <span>
          You are acting as <strong>{who}</strong>. Actions are recorded as made by you on their
          behalf.
        </span>
      </span>
      <Button
        variant="dark"
        size="sm"
        disabled={impersonate.isPending || impersonate.isSuccess}
        onClick={() => impersonate.mutate({ stop: true })}
      >
        {impersonate.isPending || impersonate.isSuccess ? (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        ) : (
          <i className="bi bi-box-arrow-left me-2" aria-hidden="true" />
        )}
        Return to my account
      </Button>
      {impersonate.isError ? (
        <span role="alert" className="w-100 text-danger small">
          {impersonate.error.message}
        </span>
      ) : null}
    </Alert>
  );
}

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useMaintenanceMessage, useMaintenanceMode, useSession } from '../../auth/index.ts';
import { useSetMaintenanceMode } from '../api/maintenance-mode.ts';

/**
 * For those who keep working while maintenance mode is on: that it is on, and (for those who
 * may switch it) a one-click way to turn it off.
 */
export function MaintenanceBanner() {
  const session = useSession();
  const isMaintenanceOn = useMaintenanceMode(session);
  const message = useMaintenanceMessage(isMaintenanceOn);
  const turnOff = useSetMaintenanceMode();
  if (!isMaintenanceOn) return null;
  const { permissions } = session.user;
  const maySwitch = permissions.is_root_admin || permissions.is_it_admin;

  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <i className="bi bi-cone-striped fs-5" aria-hidden="true" />
      <span className="me-auto">
        <strong>Maintenance mode is on:</strong> other users see the maintenance page.
        {message ? <span className="d-block small text-break">They read: “{message}”</span> : null}
      </span>
      {maySwitch ? (
        <Button
          variant="outline-dark"
          size="sm"
          disabled={turnOff.isPending}
          onClick={() => turnOff.mutate({ enabled: false, message: '' })}
        >
          {turnOff.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          Turn off
        </Button>
      ) : null}
      {turnOff.isError ? (
        <span role="alert" className="w-100 text-danger small">
          {turnOff.error.message}
        </span>
      ) : null}
    </Alert>
  );
}

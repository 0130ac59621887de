import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useMaintenanceMessage, useMaintenanceMode, useSession } from '../../auth/index.ts';
import { MaintenanceControl } from './maintenance-control.tsx';

/** The user menu's "Maintenance mode…" entry, for root and IT admins; opens the control. */
export function MaintenanceMenuItem() {
  const session = useSession();
  const isMaintenanceOn = useMaintenanceMode(session);
  const message = useMaintenanceMessage(isMaintenanceOn);
  const [isOpen, setIsOpen] = useState(false);
  const { permissions } = session.user;
  if (!permissions.is_root_admin && !permissions.is_it_admin) return null;

  return (
    <>
      <Dropdown.Item as="button" type="button" onClick={() => setIsOpen(true)}>
        <i className="bi bi-cone-striped me-2" aria-hidden="true" />
        Maintenance mode…
      </Dropdown.Item>
      <MaintenanceControl
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        isMaintenanceOn={isMaintenanceOn}
        message={message}
      />
    </>
  );
}

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useMaintenanceMessage } from '../../auth/index.ts';
import { MaintenanceControl } from '../../maintenance/index.ts';
import { appSettingKeys } from '../api/app-settings.ts';

/**
 * The maintenance message stays editable here too: the same control as the user menu's
 * "Maintenance mode…" entry. Afterwards the page reads the settings again.
 */
export function MaintenanceMessageButton({ isMaintenanceOn }: { isMaintenanceOn: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const message = useMaintenanceMessage(true);
  const queryClient = useQueryClient();
  return (
    <div className="mt-2 small">
      Users held by maintenance read your message, or a standard one when there is none.{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        onClick={() => setIsOpen(true)}
      >
        Edit the maintenance message…
      </Button>
      <MaintenanceControl
        isOpen={isOpen}
        onClose={() => {
          setIsOpen(false);
          void queryClient.invalidateQueries({ queryKey: appSettingKeys.all });
        }}
        isMaintenanceOn={isMaintenanceOn}
        message={message}
      />
    </div>
  );
}

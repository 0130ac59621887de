import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import {
  MAX_MAINTENANCE_MESSAGE_LENGTH,
  ZMaintenanceModeBody,
} from '@bastion/domain/accounts/maintenance';
import { useSetMaintenanceMode } from '../api/maintenance-mode.ts';

interface MaintenanceControlProps {
  isOpen: boolean;
  onClose: () => void;
  /** The mode and message as last read, the form's starting point. */
  isMaintenanceOn: boolean;
  message: string;
}

/** Root and IT admins switch maintenance mode and say what held users will read. */
export function MaintenanceControl({
  isOpen,
  onClose,
  isMaintenanceOn,
  message,
}: MaintenanceControlProps) {
  const save = useSetMaintenanceMode();
  const form = useZodForm(ZMaintenanceModeBody, {
    defaultValues: { enabled: isMaintenanceOn, message },
  });
  const { reset } = form;
  const isEnabled = form.watch('enabled');

  // Each opening starts from the current state, not from the last, unsaved edit.
  useEffect(() => {
    if (isOpen) reset({ enabled: isMaintenanceOn, message });
  }, [isOpen, isMaintenanceOn, message, reset]);

  return (
    <Modal show={isOpen} onHide={onClose} aria-labelledby="maintenance-control-title">
      <AppForm
        form={form}
        error={save.error}
        aria-label="Maintenance mode"
        onSubmit={(mode) => save.mutate(mode, { onSuccess: onClose })}
      >
        <Modal.Header closeButton>
          <Modal.Title id="maintenance-control-title">Maintenance mode</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormProblem error={save.error} />
          <p className="text-body-secondary small">
            While it is on, everyone but root and IT admins sees the maintenance page instead of the
            application, and their requests are refused with your message. Open tabs switch within a
            minute.
          </p>
          <CheckboxField name="enabled" label="Maintenance mode is on" />
          <TextField
            name="message"
            label="Message for users"
            rows={3}
            maxLength={MAX_MAINTENANCE_MESSAGE_LENGTH}
            placeholder="e.g. Upgrading to the new price book; back by 14:00 UTC."
            help={`Optional, up to ${MAX_MAINTENANCE_MESSAGE_LENGTH} characters. Left empty, users read a standard message.`}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton isPending={save.isPending} variant={isEnabled ? 'warning' : 'primary'}>
            {isEnabled === isMaintenanceOn
              ? 'Save'
              : isEnabled
                ? 'Turn maintenance on'
                : 'Turn maintenance off'}
          </SubmitButton>
        </Modal.Footer>
      </AppForm>
    </Modal>
  );
}

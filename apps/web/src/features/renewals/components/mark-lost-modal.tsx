import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useMarkContractLost, type ContractSummary } from '../api/contracts.ts';

const MISSING_REASON = 'Say why the customer does not renew.';

/** Asks why the customer does not renew, then marks the contract lost. Shown while open. */
export function MarkLostModal({
  contract,
  onHide,
  onMarked,
}: {
  contract: ContractSummary;
  onHide: () => void;
  onMarked?: (contract: ContractSummary) => void;
}) {
  const markLost = useMarkContractLost();
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const reasonId = useId();
  const isMissing = reason.trim() === '';
  const isPending = markLost.isPending;

  return (
    <Modal
      show
      onHide={isPending ? undefined : onHide}
      dialogClassName="app-modal"
      centered
      aria-labelledby={`${reasonId}-title`}
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (isMissing) return;
          markLost.mutate(
            { contract_id: contract.id, reason: reason.trim() },
            {
              onSuccess: (marked) => {
                onMarked?.(marked);
                onHide();
              },
            },
          );
        }}
      >
        <Modal.Header closeButton={!isPending}>
          <Modal.Title as="h2" className="h5" id={`${reasonId}-title`}>
            Mark {contract.contract_number} lost
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {contract.account_name} will not renew. The contract leaves the list of renewals to do;
            this cannot be undone from the desk.
          </p>
          {markLost.isError ? (
            <Alert variant="danger" role="alert">
              {markLost.error.message}
            </Alert>
          ) : null}
          <Form.Group controlId={reasonId}>
            <Form.Label>Why does the customer not renew?</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={500}
              value={reason}
              autoFocus
              required
              isInvalid={isTouched && isMissing}
              onChange={(event) => setReason(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{MISSING_REASON}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isPending}>
            {isPending ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Mark lost
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

import { amendRefusal, renewRefusal } from '@bastion/domain/renewals/contract-refusals';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import type { ContractSummary, RenewalKind } from '../api/contracts.ts';

/** What the caller may do from the desk (the desk page's answer says). */
export interface DeskPermissions {
  can_create_renewal: boolean;
  can_create_coterm: boolean;
}

/**
 * A row's buttons: "Renew" (one click makes the renewal quote and opens it), and a menu with
 * the true-up, the co-term and marking the contract lost. What the caller may not do is hidden;
 * what the contract does not allow is disabled, saying why.
 */
export function ContractActions({
  contract,
  permissions,
  pendingKind,
  isBusy,
  onCreate,
  onMarkLost,
}: {
  contract: ContractSummary;
  permissions: DeskPermissions;
  /** The quote being made from this contract, if one is. */
  pendingKind: RenewalKind | null;
  /** A quote is being made from some contract: no second click meanwhile. */
  isBusy: boolean;
  onCreate: (kind: RenewalKind) => void;
  onMarkLost: () => void;
}) {
  const renewBlocked = renewRefusal(contract);
  const amendBlocked = amendRefusal(contract);
  const canLose = contract.status === 'NOT_STARTED' || contract.status === 'IN_PROGRESS';
  const label = contract.contract_number;

  return (
    <div className="d-inline-flex gap-1 align-items-center">
      {permissions.can_create_renewal ? (
        <span title={renewBlocked ?? undefined}>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={renewBlocked !== null || isBusy}
            aria-label={`Renew ${label}`}
            onClick={() => onCreate('RENEWAL')}
          >
            {pendingKind === 'RENEWAL' ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Renew
          </Button>
        </span>
      ) : null}
      <Dropdown align="end">
        <Dropdown.Toggle
          size="sm"
          variant="outline-secondary"
          aria-label={`More actions for ${label}`}
          disabled={isBusy}
        >
          {pendingKind !== null && pendingKind !== 'RENEWAL' ? (
            <Spinner animation="border" size="sm" aria-hidden="true" />
          ) : (
            <i className="bi bi-three-dots" aria-hidden="true" />
          )}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {permissions.can_create_renewal ? (
            <Dropdown.Item
              as="button"
              disabled={amendBlocked !== null}
              title={amendBlocked ?? undefined}
              onClick={() => onCreate('TRUE_UP')}
            >
              True-up
            </Dropdown.Item>
          ) : null}
          {permissions.can_create_coterm ? (
            <Dropdown.Item
              as="button"
              disabled={amendBlocked !== null}
              title={amendBlocked ?? undefined}
              onClick={() => onCreate('COTERM')}
            >
              Co-term
            </Dropdown.Item>
          ) : null}
          {permissions.can_create_renewal || permissions.can_create_coterm ? (
            <Dropdown.Divider />
          ) : null}
          <Dropdown.Item as="button" disabled={!canLose} onClick={onMarkLost}>
            Mark lost…
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}

import { formatCurrency } from '@bastion/domain/format/currency';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useInstalledBase, type ContractDetail } from '../api/contracts.ts';
import {
  ContractLinesTable,
  ContractStatusBadge,
  contractDate,
  EndsBadge,
} from './contract-display.tsx';

/**
 * What the opportunity's account already owns (issue 18): its contracts with their lines, in a
 * card that opens on demand. Nothing shows when the installed base cannot be read (an approver
 * who does not see quotes); one line says when the account has no contract.
 */
export function InstalledBasePanel({
  opportunityId,
  className,
}: {
  opportunityId: string;
  className?: string;
}) {
  const base = useInstalledBase(opportunityId);
  const [isOpen, setIsOpen] = useState(false);
  const bodyId = useId();
  if (base.isError) return null;
  const contracts = base.data?.contracts ?? [];
  const lineCount = contracts.reduce((sum, c) => sum + c.entitlements.length, 0);

  return (
    <Card className={className ?? 'mb-3'}>
      <Card.Header className="d-flex flex-wrap align-items-center column-gap-2">
        <h2 className="h6 mb-0 flex-grow-1">Installed base</h2>
        {base.isPending ? (
          <Spinner
            animation="border"
            size="sm"
            role="status"
            aria-label="Loading the installed base"
          />
        ) : contracts.length === 0 ? (
          <span className="small text-body-secondary">No contracts on record</span>
        ) : (
          <Button
            variant="link"
            size="sm"
            className="p-0"
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {contracts.length === 1 ? '1 contract' : `${contracts.length} contracts`} ·{' '}
            {lineCount === 1 ? '1 line' : `${lineCount} lines`}
            <i
              className={`bi ${isOpen ? 'bi-chevron-up' : 'bi-chevron-down'} ms-1`}
              aria-hidden="true"
            />
          </Button>
        )}
      </Card.Header>
      {isOpen && contracts.length > 0 ? (
        <Card.Body id={bodyId} className="vstack gap-3">
          {contracts.map((contract) => (
            <InstalledContract key={contract.id} contract={contract} />
          ))}
        </Card.Body>
      ) : null}
    </Card>
  );
}

function InstalledContract({ contract }: { contract: ContractDetail }) {
  return (
    <section aria-label={`Contract ${contract.contract_number}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <strong>{contract.contract_number}</strong>
        <ContractStatusBadge contract={contract} />
        <span className="small text-body-secondary">
          {contractDate(contract.start_date)} to {contractDate(contract.end_date)}
        </span>
        <EndsBadge contract={contract} />
        {contract.amount_to_renew_minor > 0 ? (
          <span className="small">
            To renew: {formatCurrency(contract.amount_to_renew_minor, contract.currency_code)}
          </span>
        ) : null}
      </div>
      <ContractLinesTable
        lines={contract.entitlements}
        caption={`Lines of contract ${contract.contract_number}`}
        isCompact
      />
    </section>
  );
}

import { formatCurrency } from '@bastion/domain/format/currency';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { NoData } from '@/components/no-data.tsx';
import type { ContractSummary } from '../api/renewal-configuration.ts';
import { showDate } from './renewal-page-parts.tsx';

/** The account's contracts to choose from: the one a quote renews, or those merged onto it. */
export function ContractPicker({
  title,
  contracts,
  chooseLabel,
  onChoose,
  disabled = false,
}: {
  title: string;
  contracts: readonly ContractSummary[];
  /** "Choose", "Merge": the button's verb. */
  chooseLabel: string;
  onChoose: (contractId: string) => void;
  disabled?: boolean;
}) {
  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      {contracts.length === 0 ? (
        <NoData
          icon="bi-file-earmark-text"
          title="No contracts to choose"
          message="The account has no other running contract."
        />
      ) : (
        <ListGroup as="ul" variant="flush" aria-label={title}>
          {contracts.map((contract) => (
            <ListGroup.Item
              as="li"
              key={contract.id}
              className="d-flex align-items-center justify-content-between gap-3 flex-wrap"
            >
              <div className="min-w-0">
                <div className="fw-semibold">{contract.contract_number}</div>
                <div className="small text-body-secondary">
                  {showDate(contract.start_date)} to {showDate(contract.end_date)} ·{' '}
                  {contract.line_count === 1 ? '1 line' : `${contract.line_count} lines`} ·{' '}
                  {formatCurrency(contract.amount_to_renew_minor, contract.currency_code)} a year
                </div>
              </div>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={disabled}
                onClick={() => onChoose(contract.id)}
              >
                {chooseLabel}
                <span className="visually-hidden"> {contract.contract_number}</span>
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

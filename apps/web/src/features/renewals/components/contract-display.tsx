import { formatCurrency } from '@bastion/domain/format/currency';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import type { ContractStatus } from '@bastion/domain/renewals/model';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { ContractSummary, Entitlement } from '../api/contracts.ts';

/** DD-MMM-YYYY, as the app shows contract dates; the text itself when it is not a date. */
export const contractDate = (iso: string) => formatContractStartDate(iso) ?? iso;

const STATUS_TONES: Readonly<Record<ContractStatus, string>> = {
  NOT_STARTED: 'grey',
  IN_PROGRESS: 'warning',
  RENEWED: 'success',
  LOST: 'pink',
};

export function ContractStatusBadge({ contract }: { contract: ContractSummary }) {
  return <StatusBadge label={contract.status_label} tone={STATUS_TONES[contract.status]} />;
}

/** Whether the contract still waits for its renewal (neither renewed nor lost). */
export const isOpenContract = (contract: Pick<ContractSummary, 'status'>) =>
  contract.status === 'NOT_STARTED' || contract.status === 'IN_PROGRESS';

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** "in 23 days" (amber within 30), "today", or "overdue by 10 days" (red) for open contracts. */
export function EndsBadge({ contract }: { contract: ContractSummary }) {
  const days = contract.days_to_end;
  if (!isOpenContract(contract)) return null;
  if (days < 0) {
    return (
      <Badge bg="danger" className="fw-semibold">
        overdue by {dayCount(-days)}
      </Badge>
    );
  }
  if (days === 0) {
    return (
      <Badge bg="warning" text="dark" className="fw-semibold">
        ends today
      </Badge>
    );
  }
  return days <= 30 ? (
    <Badge bg="warning" text="dark" className="fw-semibold">
      in {dayCount(days)}
    </Badge>
  ) : (
    <Badge bg="light" text="dark" className="border fw-normal">
      in {dayCount(days)}
    </Badge>
  );
}

/** The renewal quote in progress (or that renewed the contract), opening where it stands. */
export function RenewalQuoteLink({ contract }: { contract: ContractSummary }) {
  const quote = contract.renewal_quote;
  if (!quote) return <span className="text-body-secondary">—</span>;
  return <Link to={quote.target_path}>{quote.quote_number}</Link>;
}

const periodOf = (line: Entitlement) =>
  `${contractDate(line.start_date)} to ${contractDate(line.end_date)}`;

/** A contract's lines: the product, quantity, period and the unit net price paid. */
export function ContractLinesTable({
  lines,
  caption,
  isCompact = false,
}: {
  lines: readonly Entitlement[];
  caption: string;
  /** For a narrow column: a list, each line's figures under its product. */
  isCompact?: boolean;
}) {
  if (lines.length === 0) {
    return <p className="small text-body-secondary mb-0">This contract has no lines.</p>;
  }
  if (isCompact) return <CompactLines lines={lines} caption={caption} />;
  return (
    <Table size="sm" responsive className="mb-0 align-middle small">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="text-end">
            Quantity
          </th>
          <th scope="col">Period</th>
          <th scope="col" className="text-end text-nowrap">
            Unit net
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" className="fw-normal">
              <div className="fw-semibold text-nowrap">{line.sku}</div>
              <div className="text-body-secondary">{line.sku_name}</div>
              {line.successor_sku ? (
                <div className="text-body-secondary">Successor: {line.successor_sku}</div>
              ) : null}
            </th>
            <td className="text-end">{line.quantity.toLocaleString('en-US')}</td>
            <td className="text-nowrap">{periodOf(line)}</td>
            <td className="text-end text-nowrap">
              {formatCurrency(line.unit_net_minor, line.currency_code)}
              {line.billing === 'ANNUAL' ? (
                <div className="text-body-secondary">per year</div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function CompactLines({ lines, caption }: { lines: readonly Entitlement[]; caption: string }) {
  return (
    <ul className="list-unstyled small mb-0 vstack gap-2" aria-label={caption}>
      {lines.map((line) => (
        <li key={line.id}>
          <div className="fw-semibold">{line.sku}</div>
          <div className="text-body-secondary">{line.sku_name}</div>
          <div>
            {line.quantity.toLocaleString('en-US')} ×{' '}
            {formatCurrency(line.unit_net_minor, line.currency_code)}
            {line.billing === 'ANNUAL' ? ' per year' : ''}
          </div>
          <div className="text-body-secondary">{periodOf(line)}</div>
        </li>
      ))}
    </ul>
  );
}

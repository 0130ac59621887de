import { formatCurrency } from '@bastion/domain/format/currency';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import Badge from 'react-bootstrap/Badge';
import type { CurrencyAmount, Person } from '../api/global-accounts.ts';

/** DD-MMM-YYYY, as the app shows contract dates; the text itself when it is not a date. */
export const shownDate = (iso: string) => formatContractStartDate(iso) ?? iso;

/** A region as a badge; an account without one says so. */
export function RegionBadge({ region }: { region: string }) {
  return (
    <Badge bg="light" text="dark" className="border fw-normal">
      {region || 'No region'}
    </Badge>
  );
}

export function RegionBadges({ regions }: { regions: readonly string[] }) {
  if (regions.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {regions.map((region) => (
        <RegionBadge key={region} region={region} />
      ))}
    </span>
  );
}

/** Amounts in several currencies, one per line (they do not add up). */
export function Amounts({ amounts }: { amounts: readonly CurrencyAmount[] }) {
  if (amounts.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <span className="d-inline-flex flex-column align-items-end">
      {amounts.map((a) => (
        <span key={a.currency_code}>{formatCurrency(a.amount_minor, a.currency_code)}</span>
      ))}
    </span>
  );
}

export const personName = (person: Person | null) => person?.name ?? 'No owner yet';

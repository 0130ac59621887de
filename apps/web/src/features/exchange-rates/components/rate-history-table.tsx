import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { CurrencyRates, ExchangeRateEntry } from '../api/exchange-rates.ts';
import { formatDay, formatRate, rateChange } from './rate-labels.ts';

/** A history row with the rate before it (the next row: the list is newest first). */
interface HistoryRow extends ExchangeRateEntry {
  previous: string | null;
}

const column = createColumnHelper<HistoryRow>();
const IN_ORDER = { enableSorting: false } as const;

const HISTORY_COLUMNS = [
  column.accessor('effective_from', {
    ...IN_ORDER,
    header: 'From',
    meta: { isRowHeader: true },
    cell: ({ row: { original: row } }) => (
      <>
        {formatDay(row.effective_from)}
        {row.is_in_effect ? (
          <span className="ms-2">
            <StatusBadge label="In effect" tone="success" />
          </span>
        ) : null}
      </>
    ),
  }),
  column.accessor('units_per_usd', {
    ...IN_ORDER,
    header: 'Per USD',
    meta: { align: 'end', className: 'font-monospace' },
    cell: ({ getValue }) => formatRate(getValue()),
  }),
  column.display({
    id: 'change',
    header: 'Change',
    meta: { align: 'end', priority: 'secondary' },
    cell: ({ row: { original: row } }) =>
      rateChange(row.units_per_usd, row.previous) ?? (
        <span className="text-body-secondary">First</span>
      ),
  }),
  column.accessor('note', {
    ...IN_ORDER,
    header: 'Note',
    meta: { isText: true, priority: 'secondary' },
    cell: ({ getValue }) => <span className="small">{getValue()}</span>,
  }),
  column.accessor('entered_by_email', {
    ...IN_ORDER,
    header: 'Entered by',
    meta: { isText: true, priority: 'secondary' },
    cell: ({ row: { original: row } }) => (
      <span className="small text-break">
        {row.entered_by_email ?? 'Loaded with the data'}
        <span className="d-block text-body-secondary">
          {formatDay(row.entered_at.slice(0, 10))}
        </span>
      </span>
    ),
  }),
];

/** A currency's rates, newest first: each one's day, rate, move from the one before, note, author. */
export function RateHistoryTable({ currency }: { currency: CurrencyRates }) {
  const rows: HistoryRow[] = currency.history.map((entry, index) => ({
    ...entry,
    previous: currency.history[index + 1]?.units_per_usd ?? null,
  }));
  const isCut = currency.history_count > currency.history.length;
  return (
    <>
      <DataTable
        caption={`${currency.currency_code} rate history`}
        size="sm"
        data={rows}
        columns={HISTORY_COLUMNS}
        getRowId={(row) => row.id}
        rowClassName={(row) => (row.is_in_effect ? 'fw-semibold' : undefined)}
        emptyState={
          <p className="text-body-secondary mb-0">
            {`No rate of ${currency.currency_code} is recorded yet.`}
          </p>
        }
        narrowDetail
        narrowAt={900}
      />
      {isCut ? (
        <p className="small text-body-secondary mt-2 mb-0">
          {`The latest ${currency.history.length} of ${currency.history_count} rates; the CSV export has them all.`}
        </p>
      ) : null}
    </>
  );
}

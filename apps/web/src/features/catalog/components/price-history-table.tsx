import { formatCurrency } from '@bastion/domain/format/currency';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { usePriceHistory, type PriceHistory, type PriceRow } from '../api/sku-prices.ts';
import { formatDay, PRICE_STATUS_BADGES } from './catalog-labels.ts';
import { IN_ORDER } from './catalog-columns.tsx';
import { cancelScheduledColumn } from './cancel-scheduled-column.tsx';

/** The rows of one currency, newest first, as the server sends them. */
function byCurrency(rows: readonly PriceRow[]): [string, PriceRow[]][] {
  const groups = new Map<string, PriceRow[]>();
  for (const row of rows)
    groups.set(row.currency_code, [...(groups.get(row.currency_code) ?? []), row]);
  return [...groups].sort(([a], [b]) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b)));
}

const column = createColumnHelper<PriceRow>();

const PRICE_COLUMNS = [
  column.accessor('effective_from', {
    ...IN_ORDER,
    header: 'From',
    cell: ({ getValue }) => formatDay(getValue()),
  }),
  column.accessor('effective_to', {
    ...IN_ORDER,
    header: 'Until',
    cell: ({ getValue }) => {
      const until = getValue();
      return until ? formatDay(until) : 'Open';
    },
  }),
  column.accessor('unit_price_minor', {
    ...IN_ORDER,
    header: 'Unit price',
    meta: { align: 'end', className: 'fw-semibold' },
    cell: ({ row: { original: row } }) => formatCurrency(row.unit_price_minor, row.currency_code),
  }),
  column.accessor('status', {
    ...IN_ORDER,
    header: 'Status',
    cell: ({ getValue }) => {
      const badge = PRICE_STATUS_BADGES[getValue()];
      return <StatusBadge label={badge.label} tone={badge.tone} />;
    },
  }),
  column.accessor('created_by_email', {
    ...IN_ORDER,
    header: 'Set by',
    meta: { isText: true },
    cell: ({ getValue }) => (
      <span className="small text-break">{getValue() ?? 'Price list load'}</span>
    ),
  }),
];

/**
 * A SKU's price history, one table per currency: each price's days, status and author. With
 * onCancel, scheduled prices offer to be cancelled.
 */
export function PriceHistoryTables({
  history,
  onCancel,
  cancellingId,
}: {
  history: PriceHistory;
  onCancel?: (row: PriceRow) => void;
  cancellingId?: string | null;
}) {
  if (history.rows.length === 0) {
    return <p className="text-body-secondary mb-0">No prices yet: this SKU cannot be quoted.</p>;
  }
  const columns = onCancel
    ? [
        ...PRICE_COLUMNS,
        cancelScheduledColumn({
          what: (row: PriceRow) => `${row.currency_code} price`,
          noun: 'price',
          onCancel,
          cancellingId: cancellingId ?? null,
        }),
      ]
    : PRICE_COLUMNS;
  return (
    <div className="d-flex flex-column gap-3">
      {byCurrency(history.rows).map(([currency, rows]) => (
        <section key={currency} aria-label={`${currency} prices`}>
          <h4 className="h6 mb-2">{currency}</h4>
          <DataTable
            caption={`${currency} prices`}
            size="sm"
            data={rows}
            getRowId={(row) => row.id}
            columns={columns}
            rowClassName={(row) => (row.status === 'past' ? 'text-body-secondary' : undefined)}
          />
        </section>
      ))}
    </div>
  );
}

/** A SKU's price history once it has loaded, as `children` shows it. */
export function LoadedPriceHistory(props: {
  code: string;
  children: (history: PriceHistory) => ReactNode;
}) {
  const history = usePriceHistory(props.code);
  return (
    <LoadState query={history} what="the prices">
      {props.children}
    </LoadState>
  );
}

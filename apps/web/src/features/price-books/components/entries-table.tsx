import type { ColumnDef } from '@tanstack/react-table';
import { EditButton } from '@/components/admin/admin-parts.tsx';
import { actionsColumn, nameColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { skuStatusOf } from '../../catalog/index.ts';
import type { PriceBookEntry } from '../api/price-books.ts';
import { differenceFromList, moneyOf } from './price-book-labels.ts';

const entryId = (entry: PriceBookEntry) => `${entry.sku}:${entry.currency_code}`;

function entryColumns(
  onEdit: ((entry: PriceBookEntry) => void) | null,
): ColumnDef<PriceBookEntry, never>[] {
  return [
    nameColumn('sku', 'SKU', (entry) => (
      <>
        <span className="fw-semibold font-monospace text-nowrap">{entry.sku}</span>
        {entry.is_active ? null : (
          <span className="ms-2">
            <StatusBadge {...skuStatusOf(false)} />
          </span>
        )}
        <div className="small text-body-secondary fw-normal">{entry.name}</div>
      </>
    )),
    // The price's symbol says the currency on a narrow screen; the code shows in the row's detail.
    valueColumn('currency', 'Currency', (entry) => entry.currency_code, {
      priority: 'secondary',
    }),
    valueColumn(
      'price',
      'Book price',
      (entry) => (
        <span className="font-monospace">
          {moneyOf(entry.unit_price_minor, entry.currency_code)}
        </span>
      ),
      { align: 'end' },
    ),
    valueColumn(
      'list',
      'Standard list',
      (entry) => (
        <span className="font-monospace text-body-secondary">
          {moneyOf(entry.list_price_minor, entry.currency_code)}
        </span>
      ),
      { align: 'end', priority: 'secondary' },
    ),
    valueColumn(
      'difference',
      'From list',
      (entry) => differenceFromList(entry.unit_price_minor, entry.list_price_minor) ?? '—',
      { align: 'end', priority: 'secondary' },
    ),
    actionsColumn((entry) =>
      onEdit ? (
        <EditButton
          label={`Edit the price of ${entry.sku} in ${entry.currency_code}`}
          onClick={() => onEdit(entry)}
        />
      ) : null,
    ),
  ];
}

/** A page of a book's prices: each beside the SKU's standard list in the same currency. */
export function EntriesTable(props: {
  entries: readonly PriceBookEntry[];
  isLoading: boolean;
  activeEntry: PriceBookEntry | null;
  onEdit: ((entry: PriceBookEntry) => void) | null;
  emptyState: React.ReactNode;
}) {
  return (
    <DataTable
      data={props.entries}
      columns={entryColumns(props.onEdit)}
      caption="Prices of the book"
      size="sm"
      getRowId={entryId}
      activeRowId={props.activeEntry ? entryId(props.activeEntry) : null}
      isLoading={props.isLoading}
      narrowDetail
      narrowAt={900}
      emptyState={props.emptyState}
    />
  );
}

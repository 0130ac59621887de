import { formatCurrency } from '@bastion/domain/format/currency';
import { createColumnHelper } from '@tanstack/react-table';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { CatalogSkuSummary } from '../api/catalog-skus.ts';
import { KIND_LABELS, skuStatusOf } from './catalog-labels.ts';

const column = createColumnHelper<CatalogSkuSummary>();

/** Rows that keep the order they come in (the server's): no column of theirs sorts them. */
export const IN_ORDER = { enableSorting: false } as const;

/** The server sorts; a column sorts A to Z first, as the grid always has. */
const SORTABLE = { sortDescFirst: false } as const;

/**
 * The catalogue grid's columns; the ids of the sortable ones are the server's sort fields. The
 * SKU code is a link too, so the panel opens from the keyboard as from a click on the row.
 */
export function catalogColumns(onOpen: (sku: string) => void) {
  return [
    column.accessor('sku', {
      ...SORTABLE,
      header: 'SKU',
      cell: ({ getValue }) => (
        <a
          href={`#${getValue()}`}
          className="fw-semibold"
          onClick={(event) => {
            event.preventDefault();
            onOpen(getValue());
          }}
        >
          {getValue()}
        </a>
      ),
    }),
    column.accessor('name', {
      ...SORTABLE,
      header: 'Name',
      meta: { isText: true },
      cell: ({ row: { original: row } }) => (
        <>
          <div>{row.name}</div>
          {row.hierarchy_path ? (
            <div className="small text-body-secondary">{row.hierarchy_path}</div>
          ) : null}
        </>
      ),
    }),
    column.accessor('family_name', { ...SORTABLE, id: 'family', header: 'Family' }),
    column.accessor('kind', {
      ...SORTABLE,
      header: 'Kind',
      cell: ({ getValue }) => KIND_LABELS[getValue()],
    }),
    column.display({
      id: 'price',
      header: 'List price (USD)',
      meta: { align: 'end' },
      cell: ({ row: { original: row } }) =>
        row.kind === 'BUNDLE' ? (
          <span className="small text-body-secondary">its components</span>
        ) : row.usd_price_minor === null ? (
          <span className="text-body-secondary" title="No USD price today">
            —
          </span>
        ) : (
          formatCurrency(row.usd_price_minor, 'USD')
        ),
    }),
    column.accessor('is_active', {
      ...SORTABLE,
      id: 'status',
      header: 'Status',
      cell: ({ getValue }) => {
        const status = skuStatusOf(getValue());
        return <StatusBadge label={status.label} tone={status.tone} />;
      },
    }),
  ];
}

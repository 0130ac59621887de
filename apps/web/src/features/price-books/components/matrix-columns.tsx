import { createColumnHelper } from '@tanstack/react-table';
import { StatusBadge } from '@/components/status-badge.tsx';
import { KIND_LABELS, skuStatusOf } from '../../catalog/index.ts';
import type { PriceBookMatrix, PriceBookMatrixRow } from '../api/price-books.ts';
import { differenceFromList, moneyOf } from './price-book-labels.ts';

const column = createColumnHelper<PriceBookMatrixRow>();

/** A book's price of the row's SKU and how far it is from the list; a dash where the list applies. */
function BookPrice(props: { price: number | null; list: number | null; currency: string }) {
  if (props.price === null) {
    return (
      <span className="text-body-tertiary" title="No price in this book: the standard list applies">
        —
      </span>
    );
  }
  const difference = differenceFromList(props.price, props.list);
  return (
    <>
      <span className="font-monospace">{moneyOf(props.price, props.currency)}</span>
      {difference ? <div className="small text-body-secondary">{difference}</div> : null}
    </>
  );
}

/** The matrix's columns: the SKU, its standard list, then one per active book, in winning order. */
export function matrixColumns(matrix: PriceBookMatrix) {
  const currency = matrix.currency_code;
  return [
    column.display({
      id: 'sku',
      header: 'SKU',
      meta: { isRowHeader: true, isText: true },
      cell: ({ row }) => (
        <>
          <span className="fw-semibold font-monospace text-nowrap">{row.original.sku}</span>
          {row.original.is_active ? null : (
            <span className="ms-2">
              <StatusBadge {...skuStatusOf(false)} />
            </span>
          )}
          <div className="small text-body-secondary fw-normal">
            {`${row.original.name} · ${KIND_LABELS[row.original.kind]}`}
          </div>
        </>
      ),
    }),
    column.display({
      id: 'list',
      header: 'Standard list',
      meta: { align: 'end' },
      cell: ({ row }) => (
        <span className="font-monospace">{moneyOf(row.original.list_price_minor, currency)}</span>
      ),
    }),
    ...matrix.books.map((book, index) =>
      column.display({
        id: `book-${book.id}`,
        header: book.state === 'in_effect' ? book.name : `${book.name} (not in effect)`,
        meta: { align: 'end' },
        cell: ({ row }) => (
          <BookPrice
            price={row.original.book_prices[index] ?? null}
            list={row.original.list_price_minor}
            currency={currency}
          />
        ),
      }),
    ),
  ];
}

import type { ColumnDef } from '@tanstack/react-table';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { EditButton } from '@/components/admin/admin-parts.tsx';
import type { AdminScreenControls } from '@/components/admin/admin-screen.tsx';
import {
  actionsColumn,
  inactiveRowClass,
  nameColumn,
  valueColumn,
} from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { PriceBookView } from '../api/price-books.ts';
import {
  BOOK_STATE_BADGES,
  matchParts,
  plural,
  useBookPath,
  whenInEffect,
} from './price-book-labels.ts';

/** What a book is made for, as short labelled values; "Every quote" for none. */
export function MatchSummary({ book }: { book: PriceBookView }) {
  const parts = matchParts(book);
  if (parts.length === 0) return <span className="text-body-secondary">Every quote</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {parts.map((part) => (
        <span key={part.label} className="badge text-bg-light border fw-normal text-wrap">
          <span className="text-body-secondary">{part.label}</span> {part.value}
        </span>
      ))}
    </span>
  );
}

function bookColumns(
  pathOf: (id: string) => string,
  onEdit: ((book: PriceBookView) => void) | null,
): ColumnDef<PriceBookView, never>[] {
  return [
    nameColumn('name', 'Price book', (book) => (
      <>
        <Link to={pathOf(book.id)} className="fw-semibold">
          {book.name}
        </Link>
        <div className="small mt-1 fw-normal">
          <MatchSummary book={book} />
        </div>
      </>
    )),
    valueColumn('priority', 'Priority', (book) => book.priority, {
      align: 'end',
      priority: 'secondary',
    }),
    valueColumn(
      'dates',
      'In effect',
      (book) => <span className="small">{whenInEffect(book)}</span>,
      {
        priority: 'secondary',
      },
    ),
    valueColumn('state', 'Status', (book) => {
      const badge = BOOK_STATE_BADGES[book.state];
      return <StatusBadge label={badge.label} tone={badge.tone} />;
    }),
    valueColumn(
      'entries',
      'Prices',
      (book) => (
        <>
          {plural(book.entry_count, 'price', 'prices')}
          {book.currency_codes.length > 0 ? (
            <div className="small text-body-secondary">{book.currency_codes.join(', ')}</div>
          ) : null}
        </>
      ),
      { priority: 'secondary' },
    ),
    valueColumn('quotes', 'Quotes', (book) => book.quote_count, {
      align: 'end',
      priority: 'low',
    }),
    actionsColumn((book) =>
      onEdit ? (
        <EditButton label={`Edit price book ${book.name}`} onClick={() => onEdit(book)} />
      ) : null,
    ),
  ];
}

/** The price books, in the order they win: the highest priority first, then by name. */
export function PriceBookTable(props: {
  books: readonly PriceBookView[];
  controls: Pick<AdminScreenControls<PriceBookView>, 'activeRow' | 'open'>;
  canAdminister: boolean;
}) {
  const { open, activeRow } = props.controls;
  const pathOf = useBookPath();
  return (
    <Card>
      <DataTable
        data={props.books}
        columns={bookColumns(pathOf, props.canAdminister ? open : null)}
        caption="Price books"
        getRowId={(book) => book.id}
        activeRowId={activeRow?.id ?? null}
        rowClassName={inactiveRowClass}
        narrowDetail
        narrowAt={900}
        emptyState={
          <NoData
            icon="bi-journal-bookmark"
            title="No price books yet"
            message="A price book sets other prices for quotes of a segment, a region, a channel or a partner type."
          />
        }
      />
    </Card>
  );
}

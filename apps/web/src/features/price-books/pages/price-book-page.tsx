import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router';
import { NewButton } from '@/components/admin/admin-parts.tsx';
import { ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { PanelScreen, usePanelScreen } from '@/components/admin/panel-screen.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { TablePager } from '@/components/data-table/paged-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useSearchText } from '@/lib/use-debounced-value.ts';
import {
  useDeactivatePriceBook,
  usePriceBook,
  usePriceBooks,
  type PriceBookEntry,
  type PriceBookView,
} from '../api/price-books.ts';
import { EntriesTable } from '../components/entries-table.tsx';
import { EntryEditor } from '../components/entry-editor.tsx';
import { PriceBookEditor } from '../components/price-book-editor.tsx';
import {
  BOOK_STATE_BADGES,
  plural,
  PRICE_BOOK_ADMINS,
  useCanAdministerBooks,
  whenInEffect,
} from '../components/price-book-labels.ts';
import { MatchSummary } from '../components/price-book-table.tsx';
import { PriceBookExportButton } from '../components/price-book-transfer.tsx';
import { CurrencySelect, SkuSearchInput } from '../components/price-filters.tsx';

const PAGE_SIZE = 25;

type Panel =
  { kind: 'book'; book: PriceBookView } | { kind: 'entry'; entry: PriceBookEntry | null };

/** What the book is made for, its priority, days and status, in a line; then `children`. */
function BookFacts({ book, children }: { book: PriceBookView; children: ReactNode }) {
  const badge = BOOK_STATE_BADGES[book.state];
  return (
    <Card className="mb-3">
      <Card.Body className="d-flex flex-wrap gap-3 align-items-center small">
        <StatusBadge label={badge.label} tone={badge.tone} />
        <span>
          <span className="text-body-secondary">For </span>
          <MatchSummary book={book} />
        </span>
        <span>
          <span className="text-body-secondary">Priority </span>
          {book.priority}
        </span>
        <span>{whenInEffect(book)}</span>
        <span className="text-body-secondary">
          {`${plural(book.entry_count, 'price', 'prices')} · ${plural(book.quote_count, 'quote', 'quotes')} priced from it`}
        </span>
        {children}
      </Card.Body>
    </Card>
  );
}

/**
 * One price book (/{context}/price-book/{id}/{ref}): what it is for, and its prices, searched by
 * SKU and filtered by currency, each beside the SKU's standard list. Catalogue admins add, change
 * and remove prices, change the book and switch it off.
 */
export function PriceBookPage() {
  const { context = 'commcat', id = '' } = useParams();
  const navigate = useNavigate();
  const canAdminister = useCanAdministerBooks();
  const { text, setText, search } = useSearchText();
  const [currency, setCurrency] = useState('');
  const [page, setPage] = useState(1);
  const query = { id, search, currency_code: currency, page, page_size: PAGE_SIZE };
  const detail = usePriceBook(query);
  const books = usePriceBooks();
  const deactivate = useDeactivatePriceBook();
  const screen = usePanelScreen<Panel>();
  const listPath = `/${context}/price-books/ref`;

  // A new search starts again at page 1.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setPage(1);
  }
  const book = detail.data?.book;
  const activeEntry =
    screen.panel.isShown && screen.panel.content?.kind === 'entry'
      ? screen.panel.content.entry
      : null;

  return (
    <PanelScreen<NonNullable<typeof detail.data>, Panel>
      title={book?.name ?? 'Price book'}
      subtitle={
        <Link to={listPath}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          All price books
        </Link>
      }
      actions={book ? <PriceBookExportButton id={book.id} label="Download CSV" /> : null}
      newButtons={
        book && canAdminister ? (
          <>
            <PriceBookExportButton id={book.id} label="Download CSV" />
            <NewButton
              variant="outline-primary"
              icon="bi-pencil"
              onClick={() => screen.open({ kind: 'book', book })}
            >
              Edit book
            </NewButton>
            <NewButton onClick={() => screen.open({ kind: 'entry', entry: null })}>
              Add price
            </NewButton>
          </>
        ) : null
      }
      screen={screen}
      query={detail}
      what="the price book"
      whoSees="people with a catalogue role"
      banner={
        <>
          {canAdminister ? null : (
            <ReadOnlyNotice whoCanEdit={PRICE_BOOK_ADMINS} what="this book’s prices" />
          )}
          {deactivate.isError ? (
            <Alert variant="danger" dismissible onClose={() => deactivate.reset()}>
              {deactivate.error.message}
            </Alert>
          ) : null}
        </>
      }
      panelTitle={(content) =>
        content?.kind === 'book'
          ? `Edit ${content.book.name}`
          : content?.kind === 'entry' && content.entry
            ? `Price of ${content.entry.sku} in ${content.entry.currency_code}`
            : 'Add a price'
      }
      panel={(content) =>
        content.kind === 'book' ? (
          <PriceBookEditor
            key={content.book.id}
            book={content.book}
            choices={books.data ?? { segments: [], regions: [], partner_types: [], today: '' }}
            onCancel={screen.panel.close}
            onDone={(message, saved) => {
              if (saved) screen.done(message);
              else void navigate(listPath);
            }}
          />
        ) : (
          <EntryEditor
            key={content.entry ? `${content.entry.sku}:${content.entry.currency_code}` : 'new'}
            book={{ id, name: book?.name ?? '' }}
            entry={content.entry}
            currencies={detail.data?.currency_codes ?? []}
            onCancel={screen.panel.close}
            onDone={screen.done}
          />
        )
      }
    >
      {(data) => (
        <>
          <BookFacts book={data.book}>
            {canAdminister && data.book.is_active ? (
              <div className="ms-auto">
                <ConfirmButton
                  label={`Switch off ${data.book.name}`}
                  question="Switch it off? No quote is priced from it any more; quotes priced from it keep their figures until priced again."
                  text={
                    <>
                      <i className="bi bi-toggle-off me-1" aria-hidden="true" />
                      Switch off
                    </>
                  }
                  confirmText="Switch off"
                  variant="warning"
                  size="sm"
                  isPending={deactivate.isPending}
                  onConfirm={() =>
                    deactivate.mutate(
                      { id: data.book.id },
                      { onSuccess: (off) => screen.done(`Switched off ${off.name}.`) },
                    )
                  }
                />
              </div>
            ) : null}
          </BookFacts>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <SkuSearchInput
              label="Search the book’s prices by SKU"
              value={text}
              onChange={setText}
            />
            <CurrencySelect
              value={currency}
              codes={data.currency_codes}
              everyLabel="Every currency"
              onChange={(code) => {
                setCurrency(code);
                setPage(1);
              }}
            />
          </div>
          <p className="small text-body-secondary mb-2" aria-live="polite">
            {`${plural(data.entries.total, 'price', 'prices')}${search || currency ? ' match' : ''} · standard list on today’s date`}
          </p>
          <Card>
            <EntriesTable
              entries={data.entries.rows}
              isLoading={detail.isFetching && data.entries.rows.length === 0}
              activeEntry={activeEntry}
              onEdit={canAdminister ? (entry) => screen.open({ kind: 'entry', entry }) : null}
              emptyState={
                search || currency ? (
                  'No price of this book matches.'
                ) : (
                  <NoData
                    icon="bi-tags"
                    title="No prices yet"
                    message="Every SKU keeps its standard list in this book until it has a price here."
                  />
                )
              }
            />
          </Card>
          <TablePager
            page={page}
            total={data.entries.total}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            label="Pages of prices"
          />
        </>
      )}
    </PanelScreen>
  );
}

import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { AdminLayout, LoadState } from '@/components/admin/admin-layout.tsx';
import { ListCount, PagedTable } from '@/components/data-table/paged-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useSearchText } from '@/lib/use-debounced-value.ts';
import { usePriceBookMatrix, type PriceBookMatrixQuery } from '../api/price-books.ts';
import { matrixColumns } from '../components/matrix-columns.tsx';
import { formatDay, plural, usePriceBookTabs } from '../components/price-book-labels.ts';
import { CurrencySelect, SkuSearchInput } from '../components/price-filters.tsx';
import '../components/price-books.css';

const PAGE_SIZE = 25;

const STATUSES: readonly [PriceBookMatrixQuery['status'], string][] = [
  ['active', 'Active SKUs'],
  ['inactive', 'Inactive SKUs'],
  ['all', 'Every SKU'],
];

/**
 * Every SKU in every book (/{context}/price-book-matrix/{ref}): in one currency, each SKU's
 * standard list today and each active book's price of it, a column per book in the order books
 * win. A dash: the book has no price of the SKU, so its list applies.
 */
export function PriceBookMatrixPage() {
  const { text, setText, search } = useSearchText();
  const [filters, setFilters] = useState<
    Omit<PriceBookMatrixQuery, 'search' | 'page' | 'page_size'> & { currency_code: string }
  >({
    currency_code: 'USD',
    status: 'active',
    only_in_books: false,
  });
  const [page, setPage] = useState(1);
  const matrix = usePriceBookMatrix({ ...filters, search, page, page_size: PAGE_SIZE });
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setPage(1);
  }
  const filter = (change: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <AdminLayout
      title="Price books"
      subtitle="Every SKU’s standard list and its price in every active book, in one currency. A dash: the book has no price of the SKU, so its standard list applies."
      tabs={usePriceBookTabs()}
    >
      <Form
        className="d-flex flex-wrap gap-2 align-items-center mb-3"
        aria-label="Filter the SKUs"
        onSubmit={(event) => event.preventDefault()}
      >
        <SkuSearchInput label="Search SKUs" value={text} onChange={setText} />
        <CurrencySelect
          value={filters.currency_code}
          codes={matrix.data?.currency_codes ?? [filters.currency_code]}
          onChange={(code) => filter({ currency_code: code })}
        />
        <Form.Select
          aria-label="SKU status"
          className="w-auto"
          value={filters.status}
          onChange={(event) =>
            filter({ status: event.target.value as PriceBookMatrixQuery['status'] })
          }
        >
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
        <Form.Check
          id="matrix-only-in-books"
          label="Only SKUs a book prices"
          checked={filters.only_in_books}
          onChange={(event) => filter({ only_in_books: event.target.checked })}
        />
      </Form>
      <LoadState query={matrix} what="the prices" whoSees="people with a catalogue role">
        {(data) => (
          <>
            <ListCount
              count={`${plural(data.total, 'SKU', 'SKUs')} · ${plural(data.books.length, 'active book', 'active books')} · ${data.currency_code} lists on ${formatDay(data.price_date)}`}
              isFetching={matrix.isFetching}
            />
            <PagedTable
              caption="Every SKU in every book"
              className="price-book-matrix"
              size="sm"
              data={data.rows}
              columns={matrixColumns(data)}
              getRowId={(row) => row.sku}
              emptyState={
                <NoData
                  icon="bi-search"
                  title="Nothing matches"
                  message="No SKU matches this search and these filters."
                />
              }
              pager={{
                page,
                total: data.total,
                pageSize: PAGE_SIZE,
                onPage: setPage,
                label: 'Pages of SKUs',
              }}
            />
          </>
        )}
      </LoadState>
    </AdminLayout>
  );
}

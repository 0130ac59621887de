import { AdminScreen } from '@/components/admin/admin-screen.tsx';
import { ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { usePriceBooks, type PriceBookList, type PriceBookView } from '../api/price-books.ts';
import { PriceBookEditor } from '../components/price-book-editor.tsx';
import {
  PRICE_BOOK_ADMINS,
  useCanAdministerBooks,
  usePriceBookTabs,
} from '../components/price-book-labels.ts';
import { PriceBookTable } from '../components/price-book-table.tsx';
import { PriceBookTransfer } from '../components/price-book-transfer.tsx';

/**
 * Price books (issue 35, /{context}/price-books/{ref}): lists for a customer segment, a region, a
 * channel or a partner type, the highest priority in effect pricing a quote; a SKU a book has no
 * price of keeps its standard list. Catalogue admins change them; catalogue users read them.
 */
export function PriceBooksPage() {
  const list = usePriceBooks();
  const canAdminister = useCanAdministerBooks();
  return (
    <AdminScreen<PriceBookList, PriceBookView>
      title="Price books"
      subtitle="Other list prices for quotes of a customer segment, a region, a channel or a partner type. The matching book of the highest priority prices a quote; a SKU it has no price of keeps its standard list."
      tabs={usePriceBookTabs()}
      query={list}
      what="the price books"
      whoSees="people with a catalogue role"
      newLabel="New price book"
      canCreate={canAdminister}
      panelTitle={(book) => (book ? `Edit ${book.name}` : 'New price book')}
      banner={
        canAdminister ? null : <ReadOnlyNotice whoCanEdit={PRICE_BOOK_ADMINS} what="the books" />
      }
      list={(data, controls) => (
        <>
          <PriceBookTable books={data.books} controls={controls} canAdminister={canAdminister} />
          <section aria-labelledby="price-book-files" className="mt-4">
            <h2 id="price-book-files" className="h5 mb-3">
              Prices as CSV
            </h2>
            <PriceBookTransfer canAdminister={canAdminister} />
          </section>
        </>
      )}
      editor={(book, { close, done }) => (
        <PriceBookEditor
          key={book?.id ?? 'new'}
          book={book}
          choices={list.data ?? { segments: [], regions: [], partner_types: [], today: '' }}
          onCancel={close}
          onDone={(message) => done(message)}
        />
      )}
    />
  );
}

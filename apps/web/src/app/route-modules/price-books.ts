// Issue 35: the price books, one book's prices, and every SKU in every book: one chunk.
export { PriceBookMatrixPage } from '../../features/price-books/pages/price-book-matrix-page.tsx';
export { PriceBookPage } from '../../features/price-books/pages/price-book-page.tsx';
export { PriceBooksPage } from '../../features/price-books/pages/price-books-page.tsx';

import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CsvExportButton, CsvImportForm, TransferCard } from '../../catalog/index.ts';
import { useExportPriceBooks, useImportPriceBooks } from '../api/price-books.ts';
import { plural } from './price-book-labels.ts';

/** Downloads the entries of every book, or of one, as CSV. */
export function PriceBookExportButton({ id, label }: { id: string | null; label: string }) {
  const exporter = useExportPriceBooks();
  return (
    <div>
      <CsvExportButton exporter={exporter} input={id} what={['price', 'prices']}>
        {label}
      </CsvExportButton>
    </div>
  );
}

/**
 * The books' prices out and in as CSV (loaded when the list shows it): every book's file, and an
 * import whose every row is checked first; one bad row and nothing is imported.
 */
export function PriceBookTransfer({ canAdminister }: { canAdminister: boolean }) {
  const importer = useImportPriceBooks();
  return (
    <Row className="g-4">
      <Col lg={canAdminister ? 5 : 12}>
        <TransferCard title="Export prices (CSV)">
          <p className="small text-body-secondary">
            Every book’s prices: one row per book, SKU and currency.
          </p>
          <PriceBookExportButton id={null} label="Download CSV" />
        </TransferCard>
      </Col>
      {canAdminister ? (
        <Col lg={7}>
          <TransferCard title="Import prices (CSV)">
            <p className="small text-body-secondary">
              Columns <code>price_book, sku, currency_code, unit_price</code>, a header first (an
              exported file works as it is). Prices like <code>1234.50</code>. Each row sets the
              book’s price of the SKU in the currency; prices the file does not name stay.
            </p>
            <CsvImportForm
              name="Import price book prices"
              fileLabel="Price book file"
              controlId="price-book-import-file"
              importer={importer}
              successMessage={(result) =>
                `Imported ${plural(result.imported, 'price', 'prices')} into ${result.books.join(', ')}: ${result.created} added, ${result.updated} changed, ${result.unchanged} as they were.`
              }
            />
          </TransferCard>
        </Col>
      ) : null}
    </Row>
  );
}

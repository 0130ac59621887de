import { useExportSkus, useImportSkus, type SkuImportResult } from '../api/sku-csv.ts';
import { plural } from './catalog-labels.ts';
import { CsvExportButton, CsvImportForm, TransferCard } from './csv-transfer.tsx';

const importedMessage = ({ imported, updated }: SkuImportResult) =>
  updated === 0
    ? `${plural(imported, 'row', 'rows')} read: every SKU was already as the file says.`
    : `${plural(imported, 'row', 'rows')} read: ${plural(updated, 'SKU', 'SKUs')} updated.`;

/** Downloads every SKU, inactive ones too, with the attributes product rules read. */
function SkuExportCard() {
  const exporter = useExportSkus();
  return (
    <TransferCard title="Export SKUs (CSV)">
      <p className="small text-body-secondary">
        Every SKU, inactive ones too, with its family, successor and the attributes product rules
        read.
      </p>
      <CsvExportButton exporter={exporter} input={undefined} what={['SKU', 'SKUs']} />
    </TransferCard>
  );
}

/** Changes existing SKUs from a file in the export's columns; nothing changes if a row is bad. */
function SkuImportCard() {
  const importer = useImportSkus();
  return (
    <TransferCard title="Import SKUs (CSV)">
      <p className="small text-body-secondary">
        The export’s columns, a header first (an exported file works as it is). Each row changes the
        SKU it names: name, description, kind, billing, <code>is_active</code>, successor and
        attributes. A blank attribute is not set; port types are separated by <code>|</code>,{' '}
        <code>ha_capable</code> is true or false. New SKUs, families and product lines are set on
        the SKU panel.
      </p>
      <CsvImportForm
        name="Import SKUs"
        fileLabel="SKU file"
        controlId="sku-import-file"
        importer={importer}
        successMessage={importedMessage}
      />
    </TransferCard>
  );
}

/** The catalogue as CSV, out and in: loaded when an admin opens it from the grid. */
export function SkuTransfer() {
  return (
    <div className="d-flex flex-column gap-3">
      <SkuExportCard />
      <SkuImportCard />
    </div>
  );
}

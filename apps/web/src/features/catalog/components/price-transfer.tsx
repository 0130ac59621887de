import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useExportPrices, useImportPrices } from '../api/sku-prices.ts';
import { formatDay, plural } from './catalog-labels.ts';
import { CsvImportForm, downloadCsv, ExportStatus, TransferCard } from './csv-transfer.tsx';
import { DateInput } from '@/components/form/date-input.tsx';

/** Downloads the price list: every row, or the prices in effect on a day. */
export function PriceExportCard({ today }: { today: string }) {
  const [scope, setScope] = useState<'all' | 'on'>('on');
  const [on, setOn] = useState(today);
  const exporter = useExportPrices();
  const scopeChoice = (value: 'all' | 'on', label: string) => (
    <Form.Check
      type="radio"
      id={`export-${value}`}
      name="export-scope"
      label={label}
      checked={scope === value}
      onChange={() => setScope(value)}
    />
  );
  return (
    <TransferCard title="Export prices (CSV)">
      <Form
        aria-label="Export prices"
        onSubmit={(event) => {
          event.preventDefault();
          exporter.mutate(scope === 'on' ? on : null, {
            onSuccess: (file) => downloadCsv(file.file_name, file.csv),
          });
        }}
      >
        {scopeChoice('on', 'Prices in effect on')}
        <DateInput
          onlyDates
          size="sm"
          className="ms-4 mb-2 w-auto"
          aria-label="Day of the prices"
          value={on}
          disabled={scope !== 'on'}
          onChange={setOn}
        />
        {scopeChoice('all', 'Every price row, past and scheduled')}
        <Button
          type="submit"
          variant="outline-primary"
          className="mt-3"
          disabled={exporter.isPending}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download CSV
        </Button>
      </Form>
      <ExportStatus file={exporter.data} error={exporter.error} what={['price', 'prices']} />
    </TransferCard>
  );
}

/**
 * Imports a price list. Every row is checked first: one bad row and nothing is imported, and the
 * table shows each problem where it is in the file.
 */
export function PriceImportCard({ today }: { today: string }) {
  const importer = useImportPrices();
  return (
    <TransferCard title="Import prices (CSV)">
      <p className="small text-body-secondary">
        Columns <code>sku, currency, unit_price, effective_from</code>, a header first (an exported
        file works as it is). Prices like <code>1234.50</code>, dates like <code>{today}</code>,
        from today on. Each row is a price change.
      </p>
      <CsvImportForm
        name="Import prices"
        fileLabel="Price file"
        controlId="price-import-file"
        importer={importer}
        successMessage={(result) => `Imported ${plural(result.imported, 'price', 'prices')}.`}
      />
      <p className="small text-body-secondary mt-3 mb-0">
        {`Scheduled prices start on their day; a price already scheduled later than a row blocks it. Today is ${formatDay(today)}.`}
      </p>
    </TransferCard>
  );
}

import { createColumnHelper } from '@tanstack/react-table';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { DataTable } from '@/components/data-table/data-table.tsx';
import {
  importProblemsOf,
  useExportPrices,
  useImportPrices,
  type ImportProblem,
} from '../api/sku-prices.ts';
import { formatDay, plural } from './catalog-labels.ts';
import { IN_ORDER } from './catalog-columns.tsx';
import { DateInput } from '@/components/form/date-input.tsx';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const problemColumn = createColumnHelper<ImportProblem>();

/** Each problem of a refused import where it is in the file (the header is row 1). */
const PROBLEM_COLUMNS = [
  problemColumn.accessor('row', { ...IN_ORDER, header: 'Row', meta: { align: 'end' } }),
  problemColumn.accessor('column', {
    ...IN_ORDER,
    header: 'Column',
    cell: ({ getValue }) => {
      const name = getValue();
      return name ? <code>{name}</code> : 'whole row';
    },
  }),
  problemColumn.accessor('message', {
    ...IN_ORDER,
    header: 'Problem',
    meta: { isText: true },
    cell: ({ getValue }) => <span className="small">{getValue()}</span>,
  }),
];

/** Saves text as a file through the browser's download. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** A card of the price list's way out or in. */
function TransferCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Card.Header>
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

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
            onSuccess: (file) => download(file.file_name, file.csv),
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
      {exporter.isSuccess ? (
        <p className="small text-body-secondary mt-2 mb-0" role="status">
          {`${exporter.data.file_name}: ${plural(exporter.data.row_count, 'price', 'prices')}.`}
        </p>
      ) : exporter.isError ? (
        <div className="text-danger small mt-2" role="alert">
          {exporter.error.message}
        </div>
      ) : null}
    </TransferCard>
  );
}

/**
 * Imports a price list. Every row is checked first: one bad row and nothing is imported, and the
 * table shows each problem where it is in the file.
 */
export function PriceImportCard({ today }: { today: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportPrices();
  const problems = importProblemsOf(importer.error);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    importer.reset();
    setFile(chosen);
    setTooBig(
      chosen && chosen.size > MAX_IMPORT_BYTES
        ? `${chosen.name} is larger than 5 MB: split it and import the parts one after another.`
        : null,
    );
  };

  return (
    <TransferCard title="Import prices (CSV)">
      <p className="small text-body-secondary">
        Columns <code>sku, currency, unit_price, effective_from</code>, a header first (an exported
        file works as it is). Prices like <code>1234.50</code>, dates like <code>{today}</code>,
        from today on. Each row is a price change.
      </p>
      <Form
        aria-label="Import prices"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file || tooBig) return;
          void file.text().then((text) =>
            importer.mutate(text, {
              onSuccess: () => {
                setFile(null);
                if (input.current) input.current.value = '';
              },
            }),
          );
        }}
      >
        <Form.Group controlId="price-import-file" className="mb-2">
          <Form.Label>Price file</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={choose}
            isInvalid={tooBig !== null}
          />
          <Form.Control.Feedback type="invalid">{tooBig}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={!file || tooBig !== null || importer.isPending}>
          {importer.isPending ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <i className="bi bi-upload me-1" aria-hidden="true" />
          )}
          Import
        </Button>
      </Form>
      {importer.isSuccess ? (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {`Imported ${plural(importer.data.imported, 'price', 'prices')}.`}
        </Alert>
      ) : importer.isError ? (
        <div className="mt-3" role="alert">
          <Alert variant="danger" className="mb-2">
            {importer.error.message}
          </Alert>
          {problems.length > 0 ? (
            <DataTable
              caption="Import problems"
              size="sm"
              data={problems}
              columns={PROBLEM_COLUMNS}
              getRowId={(problem) => `${problem.row}:${problem.column ?? ''}`}
            />
          ) : null}
        </div>
      ) : null}
      <p className="small text-body-secondary mt-3 mb-0">
        {`Scheduled prices start on their day; a price already scheduled later than a row blocks it. Today is ${formatDay(today)}.`}
      </p>
    </TransferCard>
  );
}

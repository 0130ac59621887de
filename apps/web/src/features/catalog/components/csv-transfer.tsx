import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { plural } from './catalog-labels.ts';
import { fileTooBigMessage, ImportOutcome } from '@/components/import-outcome.tsx';
import { saveDownloadedFile } from '@/lib/api-client.ts';

/* The catalogue's files out and in (prices, SKUs): a card each way, and the import's form. */

/** Saves CSV text as a file through the browser's download. */
export function downloadCsv(fileName: string, text: string) {
  saveDownloadedFile({ blob: new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName });
}

/** What became of an export: the file and how many rows, or why it failed. */
export function ExportStatus(props: {
  file: { file_name: string; row_count: number } | undefined;
  error: Error | null;
  what: [one: string, many: string];
}) {
  const { file, error } = props;
  return file ? (
    <p className="small text-body-secondary mt-2 mb-0" role="status">
      {`${file.file_name}: ${plural(file.row_count, ...props.what)}.`}
    </p>
  ) : error ? (
    <div className="text-danger small mt-2" role="alert">
      {error.message}
    </div>
  ) : null;
}

/**
 * The button that downloads an export (`input`: what it exports, undefined when it takes
 * nothing), and what became of it under it.
 */
export function CsvExportButton<TInput>(props: {
  exporter: UseMutationResult<{ file_name: string; csv: string; row_count: number }, Error, TInput>;
  input: TInput;
  what: [one: string, many: string];
  children?: ReactNode;
}) {
  const { exporter } = props;
  return (
    <>
      <Button
        variant="outline-primary"
        disabled={exporter.isPending}
        onClick={() =>
          exporter.mutate(props.input, {
            onSuccess: (file) => downloadCsv(file.file_name, file.csv),
          })
        }
      >
        <i className="bi bi-download me-1" aria-hidden="true" />
        {props.children ?? 'Download CSV'}
      </Button>
      <ExportStatus file={exporter.data} error={exporter.error} what={props.what} />
    </>
  );
}

/** A card of a file's way out or in. */
export function TransferCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Card.Header>
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

/**
 * A file to import and what became of it. Every row is checked first: one bad row and nothing is
 * imported, and the table shows each problem where it is in the file.
 */
export function CsvImportForm<T>(props: {
  /** The form's name: "Import prices". */
  name: string;
  /** The file field's label: "Price file". */
  fileLabel: string;
  controlId: string;
  importer: UseMutationResult<T, Error, string>;
  /** What a good import did: "Imported 3 prices." */
  successMessage: (result: T) => string;
}) {
  const { importer } = props;
  const [file, setFile] = useState<File | null>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    importer.reset();
    setFile(chosen);
    setTooBig(fileTooBigMessage(chosen));
  };

  return (
    <>
      <Form
        aria-label={props.name}
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
        <Form.Group controlId={props.controlId} className="mb-2">
          <Form.Label>{props.fileLabel}</Form.Label>
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
      <ImportOutcome importer={importer} successMessage={props.successMessage} />
    </>
  );
}

import { type ChangeEvent, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  IMPORT_CONTRACT_COLUMNS,
  useImportContracts,
  type ImportContractsResult,
} from '../api/import-contracts.ts';
import { fileTooBigMessage, ImportOutcome } from '@/components/import-outcome.tsx';
import { plural } from '../../catalog/index.ts';

const EXAMPLE_ROW = [
  'C-2024-0001',
  '001ACME',
  'EMEA',
  '',
  'EUR',
  '2025-01-01',
  '2025-12-31',
  'SUB-FW-100',
  '10',
  '',
  '',
  '1200.00',
  'Casey Success',
  'casey@example.com',
  'Cam Account',
  'cam@example.com',
];

/** The header and one example row, saved through the browser's download. */
function downloadTemplate() {
  const text = `${IMPORT_CONTRACT_COLUMNS.join(',')}\r\n${EXAMPLE_ROW.join(',')}\r\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'contracts-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

type Source = 'file' | 'paste';

/**
 * Imports existing customers' contracts from CSV (issue 18): a file or pasted rows, checked
 * first if wanted (a dry run), then imported. One bad row and nothing is imported; every
 * problem is listed with its row (the header is row 1).
 */
export function ImportContractsModal({
  show,
  onHide,
  onImported,
}: {
  show: boolean;
  onHide: () => void;
  onImported?: (result: ImportContractsResult) => void;
}) {
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [tooBig, setTooBig] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportContracts();
  const ids = { file: useId(), paste: useId(), source: useId() };
  const busy = importer.isPending;
  const hasInput = source === 'file' ? file !== null && tooBig === null : pasted.trim() !== '';

  const reset = () => {
    setSource('file');
    setFile(null);
    setPasted('');
    setTooBig(null);
    importer.reset();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    importer.reset();
    setFile(chosen);
    setTooBig(fileTooBigMessage(chosen));
  };

  const run = async (dryRun: boolean) => {
    if (!hasInput) return;
    const csv = source === 'file' && file ? await file.text() : pasted;
    importer.mutate(
      { csv, dry_run: dryRun },
      {
        onSuccess: (result) => {
          if (result.dry_run) return;
          setFile(null);
          setPasted('');
          if (fileInput.current) fileInput.current.value = '';
          onImported?.(result);
        },
      },
    );
  };

  const sourceChoice = (value: Source, label: string) => (
    <Form.Check
      inline
      type="radio"
      id={`${ids.source}-${value}`}
      name={ids.source}
      label={label}
      checked={source === value}
      disabled={busy}
      onChange={() => {
        importer.reset();
        setSource(value);
      }}
    />
  );

  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onHide}
      onExited={reset}
      size="lg"
      centered
      aria-labelledby={`${ids.source}-title`}
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(false);
        }}
      >
        <Modal.Header closeButton={!busy}>
          <Modal.Title as="h2" className="h5" id={`${ids.source}-title`}>
            Import contracts (CSV)
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            One row per contract line; rows with the same <code>contract_number</code> make one
            contract and must agree on its account, region, opportunity, currency, dates and CSM and
            CAM. Columns: <code>{IMPORT_CONTRACT_COLUMNS.join(', ')}</code>, a header first. Dates
            like <code>2027-01-31</code>; <code>start_date</code> and <code>end_date</code> default
            to the contract&rsquo;s. <code>unit_net_price</code> is the net price of one unit such
            as <code>1200.00</code>, per 12 months for annual SKUs. <code>opportunity_id</code> and
            the CSM and CAM columns may be left empty.{' '}
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={downloadTemplate}
            >
              Download a template
            </Button>
          </p>

          <div className="mb-2">
            {sourceChoice('file', 'Upload a file')}
            {sourceChoice('paste', 'Paste the rows')}
          </div>
          {source === 'file' ? (
            <Form.Group controlId={ids.file} className="mb-2">
              <Form.Label>Contract file</Form.Label>
              <Form.Control
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                onChange={choose}
                isInvalid={tooBig !== null}
                disabled={busy}
              />
              <Form.Control.Feedback type="invalid">{tooBig}</Form.Control.Feedback>
            </Form.Group>
          ) : (
            <Form.Group controlId={ids.paste} className="mb-2">
              <Form.Label>CSV rows, the header first</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                spellCheck={false}
                className="font-monospace small"
                value={pasted}
                disabled={busy}
                onChange={(event) => {
                  importer.reset();
                  setPasted(event.target.value);
                }}
              />
            </Form.Group>
          )}

          <ImportOutcome
            importer={importer}
            successMessage={(result) =>
              result.dry_run
                ? `The file is good: ${plural(result.contracts, 'contract', 'contracts')} with ${plural(result.entitlements, 'line', 'lines')} would be imported. Nothing was saved yet.`
                : `Imported ${plural(result.contracts, 'contract', 'contracts')} with ${plural(result.entitlements, 'line', 'lines')}.`
            }
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
            Close
          </Button>
          <Button
            variant="outline-primary"
            disabled={!hasInput || busy}
            onClick={() => void run(true)}
          >
            {busy && importer.variables?.dry_run ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-check2-square me-1" aria-hidden="true" />
            )}
            Check
          </Button>
          <Button type="submit" disabled={!hasInput || busy}>
            {busy && !importer.variables?.dry_run ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-upload me-1" aria-hidden="true" />
            )}
            Import
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

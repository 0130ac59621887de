import { Fragment, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { formatCurrency } from '@bastion/domain/format/currency';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_LINE_IMPORT_BYTES,
} from '@bastion/domain/quotes/line-import/limits';
import {
  LINE_IMPORT_FIELDS,
  LINE_IMPORT_FIELD_LABELS,
  columnLetter,
  yearOfField,
  type LineImportField,
} from '@bastion/domain/quotes/line-import/mapping';
import { problemOf } from '@/lib/api-problems.ts';
import {
  useImportLines,
  usePreviewLineImport,
  type LineImportPreview,
} from '../../api/line-import.ts';

type Mode = 'merge' | 'replace';
type Table = LineImportPreview['table'];

/** A file's bytes as base64, for the JSON body. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * "Import lines" (issue 38): a CSV or Excel file, or cells pasted from a spreadsheet, read by the
 * server into a preview — each column's field (remembered for the seller), every row's problem
 * by its row number, what is added, updated or removed and the net after — which the seller
 * corrects in place before importing. Nothing changes until "Import".
 */
export function LineImportDialog({
  quoteId,
  version,
  years,
  onClose,
}: {
  quoteId: string;
  version: number;
  years: number;
  onClose: () => void;
}) {
  const [source, setSource] = useState<'file' | 'paste'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [mode, setMode] = useState<Mode>('merge');
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<LineImportPreview | null>(null);
  /** The table as the seller corrected it since the last preview. */
  const [table, setTable] = useState<Table | null>(null);
  const previewing = usePreviewLineImport(quoteId);
  const importing = useImportLines(quoteId);

  const showPreview = (answer: LineImportPreview) => {
    setPreview(answer);
    setTable(answer.table);
  };

  const readSource = async () => {
    setLocalProblem(null);
    if (source === 'file') {
      if (!file) return setLocalProblem('Choose a CSV file or an Excel workbook (.xlsx).');
      if (file.size > MAX_LINE_IMPORT_BYTES) return setLocalProblem(FILE_TOO_LARGE_MESSAGE);
      const content = await readBase64(file);
      previewing.mutate(
        { source: { kind: 'file', file_name: file.name, content_base64: content }, mode },
        { onSuccess: showPreview },
      );
    } else {
      if (pasted.trim() === '') {
        return setLocalProblem('Paste the cells of a spreadsheet, their header row first.');
      }
      previewing.mutate(
        { source: { kind: 'paste', text: pasted }, mode },
        { onSuccess: showPreview },
      );
    }
  };

  const checkAgain = (next: {
    table?: Table;
    mapping?: (LineImportField | null)[];
    mode?: Mode;
  }) => {
    const current = next.table ?? table;
    if (!current || !preview) return;
    previewing.mutate(
      {
        source: { kind: 'table', table: current },
        mapping: next.mapping ?? preview.mapping,
        mode: next.mode ?? mode,
      },
      { onSuccess: showPreview },
    );
  };

  const doImport = () => {
    if (!preview || !table) return;
    importing.mutate(
      {
        version,
        table,
        mapping: preview.mapping,
        mode,
        ...(file && source === 'file' ? { file_name: file.name } : {}),
      },
      { onSuccess: onClose },
    );
  };

  const isEdited = preview !== null && table !== preview.table;
  const changeCount = preview ? preview.added + preview.updated + preview.removed : 0;
  const busy = previewing.isPending || importing.isPending;
  const refusal = problemOf(previewing.error) ?? problemOf(importing.error);

  return (
    <Modal show onHide={onClose} size="xl" fullscreen="md-down" aria-labelledby="line-import-title">
      <Modal.Header closeButton>
        <Modal.Title id="line-import-title" as="h2" className="h5">
          Import lines
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {preview === null ? (
          <SourceStep
            source={source}
            onSource={setSource}
            onFile={setFile}
            pasted={pasted}
            onPasted={setPasted}
          />
        ) : null}
        <Form.Group className="mt-3" role="radiogroup" aria-label="What the import does">
          <Form.Check
            inline
            type="radio"
            id="line-import-merge"
            name="line-import-mode"
            label="Merge: update the lines the file names, add the rest"
            checked={mode === 'merge'}
            onChange={() => {
              setMode('merge');
              if (preview) checkAgain({ mode: 'merge' });
            }}
          />
          <Form.Check
            inline
            type="radio"
            id="line-import-replace"
            name="line-import-mode"
            label="Replace the quote's lines"
            checked={mode === 'replace'}
            onChange={() => {
              setMode('replace');
              if (preview) checkAgain({ mode: 'replace' });
            }}
          />
        </Form.Group>
        {localProblem || refusal ? (
          <Alert variant="danger" className="mt-3" role="alert">
            {localProblem ?? refusal}
          </Alert>
        ) : null}
        {preview && table ? (
          <PreviewStep
            preview={preview}
            table={table}
            years={years}
            onMapping={(mapping) => checkAgain({ mapping })}
            onTable={setTable}
          />
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        {preview ? (
          <Button
            variant="link"
            className="me-auto"
            onClick={() => setPreview(null)}
            disabled={busy}
          >
            Choose another file
          </Button>
        ) : null}
        <Button variant="outline-secondary" onClick={onClose} disabled={importing.isPending}>
          Cancel
        </Button>
        {preview === null ? (
          <Button onClick={() => void readSource()} disabled={busy}>
            {previewing.isPending ? (
              <Spinner size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Preview
          </Button>
        ) : isEdited || preview.problems.length > 0 ? (
          <Button onClick={() => checkAgain({})} disabled={busy || !isEdited}>
            {previewing.isPending ? (
              <Spinner size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Check again
          </Button>
        ) : (
          <Button onClick={doImport} disabled={busy || changeCount === 0}>
            {importing.isPending ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : null}
            {changeCount === 0
              ? 'Nothing to import'
              : `Import ${count(preview.added + preview.updated, 'line', 'lines')}`}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}

function SourceStep(props: {
  source: 'file' | 'paste';
  onSource: (source: 'file' | 'paste') => void;
  onFile: (file: File | null) => void;
  pasted: string;
  onPasted: (text: string) => void;
}) {
  return (
    <>
      <Nav variant="tabs" activeKey={props.source} className="mb-3">
        <Nav.Item>
          <Nav.Link eventKey="file" onClick={() => props.onSource('file')}>
            Upload a file
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="paste" onClick={() => props.onSource('paste')}>
            Paste cells
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {props.source === 'file' ? (
        <Form.Group controlId="line-import-file">
          <Form.Label>CSV file or Excel workbook (.xlsx)</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) =>
              props.onFile((event.target as HTMLInputElement).files?.[0] ?? null)
            }
          />
          <Form.Text>
            A header row first (SKU, quantity or a quantity a year, discount…), then a line a row:
            at most 5,000 lines and 10,240 KB. An exported lines file reads back as it is.
          </Form.Text>
        </Form.Group>
      ) : (
        <Form.Group controlId="line-import-paste">
          <Form.Label>Cells copied from a spreadsheet, the header row first</Form.Label>
          <Form.Control
            as="textarea"
            rows={8}
            value={props.pasted}
            onChange={(event) => props.onPasted(event.target.value)}
            className="font-monospace"
          />
        </Form.Group>
      )}
    </>
  );
}

function PreviewStep({
  preview,
  table,
  years,
  onMapping,
  onTable,
}: {
  preview: LineImportPreview;
  table: Table;
  years: number;
  onMapping: (mapping: (LineImportField | null)[]) => void;
  onTable: (table: Table) => void;
}) {
  const fields = LINE_IMPORT_FIELDS.filter((field) => (yearOfField(field) ?? 0) <= years);
  const problemRows = useMemo(() => {
    const byRow = new Map<number, string[]>();
    for (const problem of preview.problems) {
      byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem.message]);
    }
    return byRow;
  }, [preview.problems]);
  const mappedColumns = preview.mapping.flatMap((field, index) => (field ? [index] : []));
  const rowsToFix = table.rows.filter((row) => problemRows.has(row.row));
  const setCell = (rowNumber: number, column: number, value: string) =>
    onTable({
      ...table,
      rows: table.rows.map((row) =>
        row.row === rowNumber
          ? { ...row, cells: row.cells.map((cell, i) => (i === column ? value : cell)) }
          : row,
      ),
    });
  const removeRow = (rowNumber: number) =>
    onTable({ ...table, rows: table.rows.filter((row) => row.row !== rowNumber) });
  const general = preview.problems.filter(
    (problem) => !table.rows.some((row) => row.row === problem.row),
  );

  return (
    <div className="mt-3">
      <h3 className="h6">Columns</h3>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {table.headers.map((header, index) => (
          <Form.Group
            key={index}
            controlId={`line-import-column-${index}`}
            style={{ width: '12rem' }}
          >
            <Form.Label className="small mb-1 text-truncate d-block" title={header}>
              {columnLetter(index)} · {header || '(no header)'}
            </Form.Label>
            <Form.Select
              size="sm"
              value={preview.mapping[index] ?? ''}
              onChange={(event) =>
                onMapping(
                  preview.mapping.map((field, i) =>
                    i === index ? ((event.target.value || null) as LineImportField | null) : field,
                  ),
                )
              }
            >
              <option value="">Not imported</option>
              {fields.map((field) => (
                <option key={field} value={field}>
                  {LINE_IMPORT_FIELD_LABELS[field]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ))}
      </div>

      <p className="mb-2" data-testid="line-import-summary">
        {count(preview.rows_read, 'row', 'rows')} read
        {' · '}
        {count(preview.added, 'line', 'lines')} to add · {preview.updated} to update ·{' '}
        {preview.unchanged} unchanged
        {preview.removed > 0 ? ` · ${count(preview.removed, 'line', 'lines')} removed` : ''}
        {preview.net_after_minor !== null
          ? ` · net ${formatCurrency(preview.net_before_minor, preview.currency_code)} → ${formatCurrency(preview.net_after_minor, preview.currency_code)}`
          : ''}
      </p>
      {preview.notes.map((note) => (
        <Alert key={note} variant="info" className="py-2">
          {note}
        </Alert>
      ))}
      {preview.problems.length === 0 ? (
        <Alert variant="success" className="py-2">
          No problems: nothing changes until you import.
        </Alert>
      ) : (
        <Alert variant="warning" className="py-2" role="status">
          {count(preview.problems.length, 'problem', 'problems')} to correct before importing:
          change the cells below or remove the rows, then check again.
          {general.length > 0 ? (
            <ul className="mb-0 mt-2">
              {general.map((problem) => (
                <li key={problem.message}>{problem.message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      )}
      {rowsToFix.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle" aria-label="Rows to correct">
            <thead>
              <tr>
                <th scope="col">Row</th>
                {mappedColumns.map((index) => (
                  <th scope="col" key={index}>
                    {table.headers[index]}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rowsToFix.map((row) => (
                <Fragment key={row.row}>
                  <tr>
                    <th scope="row" className="border-bottom-0">
                      {row.row}
                    </th>
                    {mappedColumns.map((index) => (
                      <td key={index} className="border-bottom-0">
                        <Form.Control
                          size="sm"
                          aria-label={`Row ${row.row} ${table.headers[index] ?? ''}`}
                          aria-describedby={`line-import-problem-${row.row}`}
                          value={row.cells[index] ?? ''}
                          onChange={(event) => setCell(row.row, index, event.target.value)}
                          style={{ minWidth: '6rem' }}
                        />
                      </td>
                    ))}
                    <td className="border-bottom-0">
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Remove row ${row.row}`}
                        onClick={() => removeRow(row.row)}
                      >
                        <i className="bi bi-x-lg" aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                  {/* The problem under its row, full width: readable on a phone too. */}
                  <tr>
                    <td
                      colSpan={mappedColumns.length + 2}
                      id={`line-import-problem-${row.row}`}
                      className="small text-danger pt-0"
                    >
                      {problemRows.get(row.row)?.join(' ')}
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

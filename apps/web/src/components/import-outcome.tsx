import type { ZImportProblem } from '@bastion/domain/catalog/admin-api';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { z } from 'zod';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { isApiError } from '@/lib/api-client.ts';

/*
 * How every CSV import of the app reports (the catalogue's prices and SKUs, exchange rates,
 * contracts): what a good import did, or the refusal with each problem where it is in the file.
 */

/** The largest file an import takes (the server's limit, said before the upload). */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Why a chosen file is refused before it is sent, or null when it may be sent. */
export const fileTooBigMessage = (file: File | null): string | null =>
  file && file.size > MAX_IMPORT_BYTES
    ? `${file.name} is larger than 5 MB: split it and import the parts one after another.`
    : null;

/** One problem of a refused import: the row as the file numbers it (the header is row 1). */
type ImportProblem = z.infer<typeof ZImportProblem>;

function isImportProblem(value: unknown): value is ImportProblem {
  const item = value as Partial<ImportProblem> | null;
  return (
    typeof item?.row === 'number' &&
    typeof item.message === 'string' &&
    (item.column === null || typeof item.column === 'string')
  );
}

/** The per-row problems of a refused import; empty for any other failure. */
function importProblemsOf(error: unknown): ImportProblem[] {
  if (!isApiError(error)) return [];
  return (error.errors as readonly unknown[]).filter(isImportProblem);
}

/** The server lists the problems by row, then by column: the table keeps that order. */
const IN_ORDER = { enableSorting: false } as const;

const problemColumn = createColumnHelper<ImportProblem>();

/** A message that names its row ("Row 3: the quantity…") says it once, in the Row column. */
const withoutRowPrefix = (problem: ImportProblem) => {
  const rest = problem.message.replace(`Row ${problem.row}: `, '');
  return rest === problem.message ? rest : rest.charAt(0).toUpperCase() + rest.slice(1);
};

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
    cell: ({ row }) => <span className="small">{withoutRowPrefix(row.original)}</span>,
  }),
];

/** The outcome of the last import: what it did, or why nothing was imported. */
export function ImportOutcome<T>(props: {
  importer: { isSuccess: boolean; isError: boolean; data: T | undefined; error: Error | null };
  /** What a good import did: "Imported 3 prices." */
  successMessage: (result: T) => ReactNode;
}) {
  const { importer } = props;
  if (importer.isSuccess && importer.data !== undefined) {
    return (
      <Alert variant="success" className="mt-3 mb-0" role="status">
        {props.successMessage(importer.data)}
      </Alert>
    );
  }
  if (!importer.isError || !importer.error) return null;
  const problems = importProblemsOf(importer.error);
  return (
    <div className="mt-3">
      {/* The alert announces the refusal; the table after it says where each problem is. */}
      <Alert variant="danger" className="mb-2">
        {importer.error.message}
      </Alert>
      {problems.length > 0 ? (
        <DataTable
          caption="Import problems"
          size="sm"
          data={problems}
          columns={PROBLEM_COLUMNS}
          getRowId={(problem) => `${problem.row}:${problem.column ?? ''}:${problem.message}`}
        />
      ) : null}
    </div>
  );
}

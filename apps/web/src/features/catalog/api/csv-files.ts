import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZExportSkusResponse, ZImportProblem } from '@bastion/domain/catalog/admin-api';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client.ts';

/* What the catalogue's CSV exports answer and its imports refuse with (prices, SKUs). */

/** An exported file: its name, its text, and its rows under the header. */
export type CsvFile = AnswerData<typeof ZExportSkusResponse>;

/** One problem of a refused import: the row as the file numbers it (the header is row 1). */
export type ImportProblem = z.infer<typeof ZImportProblem>;

function isImportProblem(value: unknown): value is ImportProblem {
  const item = value as Partial<ImportProblem> | null;
  return (
    typeof item?.row === 'number' &&
    typeof item.message === 'string' &&
    (item.column === null || typeof item.column === 'string')
  );
}

/** The per-row problems of a refused import; empty for any other failure. */
export function importProblemsOf(error: unknown): ImportProblem[] {
  if (!isApiError(error)) return [];
  return (error.errors as readonly unknown[]).filter(isImportProblem);
}

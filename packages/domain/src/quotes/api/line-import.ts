import { z } from 'zod';
import { zEnvelope } from '../../api/envelope.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_LINE_IMPORT_BYTES,
  MAX_LINE_IMPORT_CELL,
  MAX_LINE_IMPORT_COLUMNS,
  MAX_LINE_IMPORT_ROWS,
} from '../line-import/limits.ts';
import { LINE_IMPORT_FIELDS } from '../line-import/mapping.ts';
import { LINE_IMPORT_MODES } from '../line-import/plan.ts';
import { LINE_IMPORT_ORIGINS } from '../line-import/read-rows.ts';

/*
 * Issue 38 (part 1): importing a quote's lines from a CSV or XLSX file or pasted cells. The
 * preview reads the file (or the table the page holds, as the seller corrected it) and says what
 * each row would do and what is wrong with it, changing nothing; the import writes the lines.
 */

const ZQuoteId = z.uuid({ error: 'That is not a quote id.' });
const ZCell = z.string().max(MAX_LINE_IMPORT_CELL, 'A cell holds at most 500 characters.');

export const ZLineImportTable = z.object({
  origin: z.enum(LINE_IMPORT_ORIGINS),
  header_row: z.number().int().min(1).optional(),
  headers: z.array(ZCell).min(1, 'The table has no header row.').max(MAX_LINE_IMPORT_COLUMNS),
  rows: z
    .array(
      z.object({
        row: z.number().int().min(2),
        cells: z.array(ZCell).max(MAX_LINE_IMPORT_COLUMNS),
      }),
    )
    .max(
      MAX_LINE_IMPORT_ROWS,
      `At most ${MAX_LINE_IMPORT_ROWS.toLocaleString('en-US')} lines can be imported at once.`,
    ),
});

export const ZLineImportMapping = z
  .array(z.enum(LINE_IMPORT_FIELDS, { error: 'That is not a field a column can hold.' }).nullable())
  .max(MAX_LINE_IMPORT_COLUMNS);

/** Base64 of the largest file taken, and room for its padding. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_LINE_IMPORT_BYTES / 3) * 4;

const ZLineImportSource = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('file'),
      file_name: z.string().trim().min(1, 'Name the file.').max(255),
      content_base64: z
        .string()
        .min(1, 'The file is empty.')
        .max(MAX_BASE64_LENGTH, FILE_TOO_LARGE_MESSAGE),
    }),
    z.object({
      kind: z.literal('paste'),
      text: z
        .string()
        .trim()
        .min(1, 'Paste the cells of a spreadsheet, their header row first.')
        .max(MAX_LINE_IMPORT_BYTES, FILE_TOO_LARGE_MESSAGE),
    }),
    z.object({ kind: z.literal('table'), table: ZLineImportTable }),
  ],
  { error: 'Send a file, pasted cells or the table to read.' },
);

const ZLineImportMode = z.enum(LINE_IMPORT_MODES, {
  error: 'Merge into the lines or replace them.',
});

export const ZLineImportPreviewBody = z.object({
  quote_id: ZQuoteId,
  source: ZLineImportSource,
  /** Absent: the seller's remembered mapping, else the headers' guess. */
  mapping: ZLineImportMapping.optional(),
  mode: ZLineImportMode.default('merge'),
});

const ZLineImportProblem = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

export const ZLineImportPreviewResponse = zEnvelope(
  z.object({
    table: ZLineImportTable,
    mapping: ZLineImportMapping,
    /** Every problem, by row then column: the import is refused while there is one. */
    problems: z.array(ZLineImportProblem),
    notes: z.array(z.string()),
    /** Rows that hold a line (empty rows are left out). */
    rows_read: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    removed: z.number().int(),
    lines_after: z.number().int(),
    currency_code: z.string(),
    net_before_minor: z.number().int(),
    /** Null while a problem keeps the lines from being priced. */
    net_after_minor: z.number().int().nullable(),
  }),
);

export const ZImportLinesBody = z.object({
  quote_id: ZQuoteId,
  version: z.number({ error: 'Send the version of the quote you changed.' }).int().min(1),
  file_name: z.string().trim().max(255).optional(),
  table: ZLineImportTable,
  mapping: ZLineImportMapping,
  mode: ZLineImportMode,
});

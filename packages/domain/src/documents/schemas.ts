import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/*
 * The quote documents' requests and answers (issue 17), shared by the server's routes and the
 * browser's hooks.
 */

export const QUOTE_DOCUMENT_FORMATS = ['pdf', 'docx'] as const;
export type QuoteDocumentFormat = (typeof QUOTE_DOCUMENT_FORMATS)[number];

export const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const satisfies Record<QuoteDocumentFormat, string>;

const ZQuoteId = z.uuid({ error: 'That is not a quote id.' });

/** Issue 38: a quote's lines as a spreadsheet. */
export const LINE_SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type LineSheetFormat = (typeof LINE_SHEET_FORMATS)[number];

export const LINE_SHEET_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const satisfies Record<LineSheetFormat, string>;

export const ZQuoteLinesFileBody = z.object({
  quote_id: ZQuoteId,
  format: z.enum(LINE_SHEET_FORMATS, { error: 'The format must be xlsx or csv.' }),
});

/** POST /api/dx/document/{id}/{format}/{name} (spec §7). */
export const ZDocumentParams = z.object({
  id: ZQuoteId,
  format: z.enum(QUOTE_DOCUMENT_FORMATS, { error: 'The format must be pdf or docx.' }),
  name: z
    .string()
    .trim()
    .min(1, 'Name the document.')
    .max(200, 'The document name is too long (at most 200 characters).'),
});

export const ZQuoteDocumentsBody = z.object({ quote_id: ZQuoteId });

export const ZQuoteDocumentFileBody = z.object({
  quote_id: ZQuoteId,
  document_id: z.uuid({ error: 'That is not a document id.' }),
});

/** Issue 37: the named options of a quote's deal presented together, as a PDF or Word file. */
export const ZOptionsDocumentBody = z.object({
  quote_id: ZQuoteId,
  format: z.enum(QUOTE_DOCUMENT_FORMATS, { error: 'The format must be pdf or docx.' }),
});

/** A generated document as lists show it (without its bytes). */
export const ZGeneratedDocument = z.object({
  id: z.string(),
  quote_id: z.string(),
  format: z.enum(QUOTE_DOCUMENT_FORMATS),
  file_name: z.string(),
  sha256: z.string(),
  size_bytes: z.number().int(),
  quote_version: z.number().int(),
  /** Issue 37: the revision it was made from; null for documents made before revisions. */
  revision_number: z.number().int().nullable(),
  quote_status: z.string(),
  generated_by: z.string().nullable(),
  generated_at: z.string(),
});
export type GeneratedDocumentView = z.infer<typeof ZGeneratedDocument>;

export const ZQuoteDocumentsAnswer = z.object({ documents: z.array(ZGeneratedDocument) });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZQuoteDocumentsResponse = zEnvelope(ZQuoteDocumentsAnswer);

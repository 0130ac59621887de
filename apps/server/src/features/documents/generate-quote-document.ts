import { createHash } from 'node:crypto';
import { buildQuoteDocument } from '@bastion/domain/documents/quote-document';
import { sanitizeFileName } from '@bastion/domain/validation/attachments';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { requireSummaryReached } from '../../core/quotes/quote-summary-reached.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import {
  findQuoteDocumentRow,
  insertQuoteDocument,
  type QuoteDocumentRow,
} from './documents.repository.ts';
import { gatherQuoteDocument } from './gather-quote-document.ts';
import { revisionOfCurrentVersion, takeRevision } from '../../core/revisions/take-revision.ts';
import { renderQuoteDocx } from './render-quote-docx.ts';
import { renderQuotePdf } from './render-quote-pdf.ts';

/** A generated document as lists and other features see it (its bytes apart). */
export interface GeneratedDocument {
  id: string;
  quote_id: string;
  format: 'pdf' | 'docx';
  file_name: string;
  sha256: string;
  size_bytes: number;
  quote_version: number;
  revision_number: number | null;
  quote_status: string;
  /** The name of who generated it. */
  generated_by: string | null;
  /** ISO. */
  generated_at: string;
}

export const DOCX_FORBIDDEN_MESSAGE =
  'You do not have permission to download Word documents of quotes. Download the PDF instead.';

export function generatedDocumentOf(row: QuoteDocumentRow): GeneratedDocument {
  return {
    id: row.id,
    quote_id: row.quoteId,
    format: row.format,
    file_name: row.fileName,
    sha256: row.sha256,
    size_bytes: row.sizeBytes,
    quote_version: row.quoteVersion,
    revision_number: row.revisionNumber,
    quote_status: row.quoteStatus,
    generated_by: row.generatedBy,
    generated_at: row.generatedAt.toISOString(),
  };
}

/** 'Q-2026-000001 Acme' as 'Q-2026-000001_Acme.pdf' (spec §5, §7 "saved as name.format"). */
export const documentFileName = (name: string, format: 'pdf' | 'docx') =>
  sanitizeFileName(`${name.replace(/\./g, '_')}.${format}`);

/**
 * Generates the PDF or the Word document of a quote that reached its summary, for anyone who
 * can read the quote (its approvers too); Word needs can_download_docx (spec §6). The exact
 * bytes are stored with their SHA-256 and the quote's version and status, so what a customer
 * was sent can be told apart from what the quote says later, and the generation is recorded in
 * the quote's history (without raising its version).
 */
export async function generateQuoteDocument(
  deps: { db: Database; approverAccess?: ApproverQuoteAccess },
  caller: AuthContext,
  input: {
    quoteId: string;
    format: 'pdf' | 'docx';
    name: string;
    /** Sending the quote to the customer: a revision of its own, named for whom it went to. */
    sentTo?: string;
  },
  now: Date = appNow(),
): Promise<{ document: GeneratedDocument; bytes: Buffer }> {
  const { db } = deps;
  const { quote } = await findQuoteForReader(db, caller, input.quoteId, deps.approverAccess);
  if (input.format === 'docx' && !caller.permissions.can_download_docx) {
    throw new AppError('FORBIDDEN', DOCX_FORBIDDEN_MESSAGE);
  }
  await requireSummaryReached(db, quote);
  // Issue 37: a document names the revision it is made from; one is taken if none is of this
  // version (sending always takes its own).
  const revisionRequest = {
    name: input.sentTo ? `Sent to ${input.sentTo}` : `${input.format.toUpperCase()} document made`,
    reason: input.sentTo ? ('SENT' as const) : ('DOCUMENTED' as const),
    actorUserId: caller.userId,
  };
  const revision = input.sentTo
    ? await takeRevision(db, quote.id, revisionRequest, now)
    : await revisionOfCurrentVersion(db, quote.id, revisionRequest, now);
  const model = buildQuoteDocument(await gatherQuoteDocument(db, quote, revision.revisionNumber));
  const bytes =
    input.format === 'pdf' ? await renderQuotePdf(model, now) : await renderQuoteDocx(model);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = documentFileName(input.name, input.format);
  // The document and its history entry together: a stored document is always in the history.
  const id = await db.transaction(async (tx) => {
    const stored = await insertQuoteDocument(tx, {
      quoteId: quote.id,
      format: input.format,
      fileName,
      sha256,
      sizeBytes: bytes.length,
      quoteVersion: quote.version,
      quoteStatus: quote.statusId,
      revisionNumber: revision.revisionNumber,
      generatedBy: caller.userId,
      generatedAt: now,
      content: bytes,
    });
    await recordQuoteEvent(
      tx,
      {
        quoteId: quote.id,
        ...quoteActorOf(caller),
        action: 'document_generated',
        changes: [
          { field: 'document', before: null, after: fileName },
          { field: 'sha256', before: null, after: sha256 },
        ],
      },
      now,
    );
    return stored;
  });
  const row = await findQuoteDocumentRow(db, quote.id, id);
  if (!row) throw new Error('the quote document just stored is gone');
  return { document: generatedDocumentOf(row), bytes };
}

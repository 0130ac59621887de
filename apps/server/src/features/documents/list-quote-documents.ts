import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import {
  findQuoteDocumentContent,
  findQuoteDocumentRow,
  listQuoteDocumentRows,
} from './documents.repository.ts';
import {
  DOCX_FORBIDDEN_MESSAGE,
  generatedDocumentOf,
  type GeneratedDocument,
} from './generate-quote-document.ts';

type Deps = { db: Database; approverAccess?: ApproverQuoteAccess };

/** The documents generated from a quote, newest first, for whoever can read the quote. */
export async function listQuoteDocuments(
  deps: Deps,
  caller: AuthContext,
  quoteId: string,
): Promise<GeneratedDocument[]> {
  const quote = await requireQuoteForReader(deps.db, caller, quoteId, deps.approverAccess);
  const rows = await listQuoteDocumentRows(deps.db, quote.id);
  return rows.map(generatedDocumentOf);
}

export const NO_SUCH_DOCUMENT = 'There is no such document of this quote.';

/**
 * A stored document's bytes again, exactly as they were generated (same SHA-256). A Word
 * document still needs can_download_docx; the download is recorded in the quote's history.
 */
export async function getQuoteDocumentFile(
  deps: Deps,
  caller: AuthContext,
  input: { quoteId: string; documentId: string },
  now: Date = appNow(),
): Promise<{ document: GeneratedDocument; bytes: Buffer }> {
  const quote = await requireQuoteForReader(deps.db, caller, input.quoteId, deps.approverAccess);
  const [row, content] = await Promise.all([
    findQuoteDocumentRow(deps.db, quote.id, input.documentId),
    findQuoteDocumentContent(deps.db, quote.id, input.documentId),
  ]);
  if (!row || !content) throw new AppError('NOT_FOUND', NO_SUCH_DOCUMENT);
  if (row.format === 'docx' && !caller.permissions.can_download_docx) {
    throw new AppError('FORBIDDEN', DOCX_FORBIDDEN_MESSAGE);
  }
  await recordQuoteEvent(
    deps.db,
    {
      quoteId: quote.id,
      ...quoteActorOf(caller),
      action: 'document_downloaded',
      changes: [{ field: 'document', before: null, after: row.fileName }],
    },
    now,
  );
  return { document: generatedDocumentOf(row), bytes: content.content };
}

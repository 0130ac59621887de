import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { FileAnswer } from '../../lib/file-answers.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { findAttachment, readAttachmentContent } from './attachments.repository.ts';

export const NO_SUCH_FILE_MESSAGE =
  'There is no such file on this quote; it may have been deleted.';
export const RECORD_MISMATCH_MESSAGE =
  'The file record in the body names another file than the address: send the record of the file you ask for.';

/** A file of a quote the caller reads, or 404 (absent, deleted, or a quote they cannot see). */
export async function requireAttachment(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  attachmentId: string,
  approverAccess: ApproverQuoteAccess,
) {
  const quote = await requireQuoteForReader(db, caller, quoteId, approverAccess);
  const attachment = await findAttachment(db, quote.id, attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', NO_SUCH_FILE_MESSAGE);
  return attachment;
}

/**
 * Spec §7 download-file/{x}: the body is the file record; x must be its id. Answers the bytes
 * under the stored name, and writes the download in the quote's history.
 */
export async function downloadAttachment(
  db: Database,
  caller: AuthContext,
  input: { x: string; id: string; quoteId: string },
  approverAccess: ApproverQuoteAccess,
): Promise<FileAnswer> {
  if (input.x !== input.id) throw new AppError('BAD_REQUEST', RECORD_MISMATCH_MESSAGE);
  const attachment = await requireAttachment(db, caller, input.quoteId, input.id, approverAccess);
  const bytes = await readAttachmentContent(db, attachment.id);
  if (!bytes) throw new AppError('NOT_FOUND', NO_SUCH_FILE_MESSAGE);
  await recordQuoteEvent(
    db,
    {
      quoteId: attachment.quoteId,
      ...quoteActorOf(caller),
      action: 'attachment_downloaded',
      changes: [{ field: 'attachment', before: null, after: attachment.fileName }],
    },
    appNow(),
  );
  return { bytes, fileName: attachment.fileName, contentType: attachment.contentType };
}

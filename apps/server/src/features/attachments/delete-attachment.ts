import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { requireQuoteForAttaching } from './attachment-access.ts';
import { mayDeleteAttachment } from './attachment-records.ts';
import { deleteAttachmentRow, findAttachment } from './attachments.repository.ts';
import { NO_SUCH_FILE_MESSAGE } from './download-attachment.ts';

export const NOT_YOUR_FILE_MESSAGE =
  'Only the person who attached this file or the deal desk can delete it.';

/** Deletes a file (its links go with it), by whoever attached it or the deal desk. */
export async function deleteAttachment(
  db: Database,
  caller: AuthContext,
  input: { quoteId: string; attachmentId: string },
  approverAccess: ApproverQuoteAccess,
): Promise<{ id: string; quote_id: string; is_deleted: true }> {
  const quote = await requireQuoteForAttaching(db, caller, input.quoteId, approverAccess);
  const attachment = await findAttachment(db, quote.id, input.attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', NO_SUCH_FILE_MESSAGE);
  if (!mayDeleteAttachment(caller, attachment.uploadedBy)) {
    throw new AppError('FORBIDDEN', NOT_YOUR_FILE_MESSAGE);
  }
  const now = appNow();
  await db.transaction(async (tx) => {
    await deleteAttachmentRow(tx, attachment.id);
    await recordQuoteEvent(
      tx,
      {
        quoteId: quote.id,
        ...quoteActorOf(caller),
        action: 'attachment_deleted',
        changes: [{ field: 'attachment', before: attachment.fileName, after: null }],
      },
      now,
    );
  });
  return { id: attachment.id, quote_id: quote.id, is_deleted: true };
}

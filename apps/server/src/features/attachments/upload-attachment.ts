import { createHash } from 'node:crypto';
import type { Database } from '@bastion/db/client';
import {
  MAX_ATTACHMENTS_PER_QUOTE,
  MAX_QUOTE_ATTACHMENTS_KB,
  type AttachmentCategory,
  type AttachmentRecord,
} from '@bastion/domain/attachments/schemas';
import { attachmentSizeKb, sanitizeFileName } from '@bastion/domain/validation/attachments';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { quoteActorOf, recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import { fileTooLarge, MAX_ATTACHMENT_BYTES } from './attachment-refusals.ts';
import { attachmentRecordOf } from './attachment-records.ts';
import { checkUploadedContent } from './content-types.ts';
import {
  attachmentTotals,
  findAttachment,
  insertAttachment,
  lockQuote,
} from './attachments.repository.ts';

export const tooManyFilesMessage = () =>
  `This quote already has ${MAX_ATTACHMENTS_PER_QUOTE} files, the most a quote can take. Delete one before attaching another.`;

const tooMuchInAllMessage = (totalKb: number) =>
  `This file would take the quote's files beyond ${MAX_QUOTE_ATTACHMENTS_KB} KB in all (they take ${totalKb} KB now). Delete one before attaching this.`;

/** Refuses a quote that has no room for another file, before its bytes are read. */
export async function refuseWhenQuoteIsFull(db: Database, quoteId: string): Promise<void> {
  const { files } = await attachmentTotals(db, quoteId);
  if (files >= MAX_ATTACHMENTS_PER_QUOTE) throw new AppError('CONFLICT', tooManyFilesMessage());
}

export interface UploadedFile {
  /** The name the browser sent, not yet made safe. */
  originalName: string;
  bytes: Buffer;
  category: AttachmentCategory;
  ref: string;
}

/**
 * Stores a file the caller attaches to a quote they may change (the route checked that): its
 * name made safe (spec §5), its content checked against its name and the allow list, the
 * quote's limits kept, and the upload written in the quote's history, in one transaction.
 */
export async function uploadAttachment(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  file: UploadedFile,
): Promise<AttachmentRecord> {
  if (file.bytes.length > MAX_ATTACHMENT_BYTES) throw fileTooLarge();
  const fileName = sanitizeFileName(file.originalName);
  const check = await checkUploadedContent(fileName, file.bytes);
  if (!check.isAllowed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', check.message);
  const sizeKb = attachmentSizeKb(file.bytes.length);
  const now = appNow();

  const id = await db.transaction(async (tx) => {
    await lockQuote(tx, quoteId);
    const totals = await attachmentTotals(tx, quoteId);
    if (totals.files >= MAX_ATTACHMENTS_PER_QUOTE) {
      throw new AppError('CONFLICT', tooManyFilesMessage());
    }
    if (totals.totalKb + sizeKb > MAX_QUOTE_ATTACHMENTS_KB) {
      throw new AppError('CONFLICT', tooMuchInAllMessage(totals.totalKb));
    }
    const inserted = await insertAttachment(tx, {
      quoteId,
      category: file.category,
      ref: file.ref,
      fileName,
      sizeBytes: file.bytes.length,
      sizeKb,
      contentType: check.contentType,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      uploadedBy: caller.userId,
      uploadedAt: now,
      content: file.bytes,
    });
    await recordQuoteEvent(
      tx,
      {
        quoteId,
        ...quoteActorOf(caller),
        action: 'attachment_uploaded',
        changes: [{ field: 'attachment', before: null, after: `${fileName} (${sizeKb} KB)` }],
      },
      now,
    );
    return inserted;
  });
  const row = await findAttachment(db, quoteId, id);
  if (!row) throw new Error('the attachment just stored cannot be read');
  return attachmentRecordOf(row, caller, true);
}

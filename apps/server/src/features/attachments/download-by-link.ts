import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { FileAnswer } from '../../lib/file-answers.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { recordQuoteEvent } from '../../core/quotes/quote-writes.repository.ts';
import { linkExpired } from './attachment-refusals.ts';
import { findAttachmentLink, readAttachmentContent } from './attachments.repository.ts';

export const INVALID_LINK_MESSAGE =
  'This download link is not valid: the file may have been deleted. Ask for a new link.';

/**
 * The file behind a shareable link, to whoever holds it, until it expires (by the app's clock).
 * The history says the file was downloaded through a link, in the name of who made the link.
 */
export async function downloadByLink(db: Database, token: string): Promise<FileAnswer> {
  const link = await findAttachmentLink(db, hashOpaqueToken(token));
  if (!link) throw new AppError('NOT_FOUND', INVALID_LINK_MESSAGE);
  const now = appNow();
  if (now.getTime() >= link.expiresAt.getTime()) throw linkExpired();
  const bytes = await readAttachmentContent(db, link.attachmentId);
  if (!bytes) throw new AppError('NOT_FOUND', INVALID_LINK_MESSAGE);
  if (link.createdBy !== null) {
    await recordQuoteEvent(
      db,
      {
        quoteId: link.quoteId,
        actorUserId: link.createdBy,
        action: 'attachment_downloaded_by_link',
        changes: [{ field: 'attachment', before: null, after: link.fileName }],
      },
      now,
    );
  }
  return { bytes, fileName: link.fileName, contentType: link.contentType };
}

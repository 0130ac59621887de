import type { Database } from '@bastion/db/client';
import {
  DOWNLOAD_LINK_SECONDS,
  type AttachmentDownloadLink,
} from '@bastion/domain/attachments/schemas';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { insertDownloadLink } from './attachments.repository.ts';
import { requireAttachment } from './download-attachment.ts';

export const DOWNLOAD_LINK_PATH = '/api/document/download-link';

/**
 * A link anyone holding it may use to download the file for 40 seconds (spec §9): a random
 * token that cannot be guessed, of which only the hash is stored. The expiry is written with the
 * app's clock, which the browser tests move.
 */
export async function createDownloadLink(
  db: Database,
  caller: AuthContext,
  input: { quoteId: string; attachmentId: string },
  deps: { publicUrl: string; approverAccess: ApproverQuoteAccess },
): Promise<AttachmentDownloadLink> {
  const attachment = await requireAttachment(
    db,
    caller,
    input.quoteId,
    input.attachmentId,
    deps.approverAccess,
  );
  const token = newOpaqueToken();
  const now = appNow();
  const expiresAt = new Date(now.getTime() + DOWNLOAD_LINK_SECONDS * 1000);
  await insertDownloadLink(db, {
    tokenHash: hashOpaqueToken(token),
    attachmentId: attachment.id,
    createdBy: caller.userId,
    createdAt: now,
    expiresAt,
  });
  return {
    url: `${deps.publicUrl}${DOWNLOAD_LINK_PATH}/${token}`,
    expires_at: expiresAt.toISOString(),
    valid_seconds: DOWNLOAD_LINK_SECONDS,
  };
}

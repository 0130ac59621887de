import type { Database } from '@bastion/db/client';
import { ATTACHMENT_LIMITS, type QuoteAttachments } from '@bastion/domain/attachments/schemas';
import type { AuthContext } from '../../lib/access.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { attachProblem } from './attachment-access.ts';
import { attachmentRecordOf } from './attachment-records.ts';
import { listAttachments } from './attachments.repository.ts';

/** A quote's files (no bytes), its limits, and whether the caller may add one. */
export async function listQuoteAttachments(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  approverAccess: ApproverQuoteAccess,
): Promise<QuoteAttachments> {
  const { quote, isQuoteUser } = await findQuoteForReader(db, caller, quoteId, approverAccess);
  const rows = await listAttachments(db, quote.id);
  const canChangeFiles = attachProblem(caller, quote, isQuoteUser) === null;
  return {
    attachments: rows.map((row) => attachmentRecordOf(row, caller, canChangeFiles)),
    limits: { ...ATTACHMENT_LIMITS },
    can_upload: canChangeFiles,
  };
}

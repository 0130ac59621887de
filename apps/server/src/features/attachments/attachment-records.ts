import type { AttachmentRecord } from '@bastion/domain/attachments/schemas';
import type { AuthContext } from '../../lib/access.ts';
import type { ListedAttachment } from './attachments.repository.ts';

/** Who may delete a file: whoever attached it, and the deal desk. */
export const mayDeleteAttachment = (caller: AuthContext, uploadedBy: string | null) =>
  caller.permissions.is_deal_desk_user || (uploadedBy !== null && uploadedBy === caller.userId);

/**
 * The file record as answered and listed (spec §3 file_name; issue 17); `canChangeFiles` says
 * whether the caller may change the quote's files at all (attachProblem).
 */
export function attachmentRecordOf(
  row: ListedAttachment,
  caller: AuthContext,
  canChangeFiles: boolean,
): AttachmentRecord {
  return {
    id: row.id,
    quote_id: row.quoteId,
    file_name: row.fileName,
    size_kb: row.sizeKb,
    content_type: row.contentType,
    category: row.category,
    ref: row.ref,
    sha256: row.sha256,
    uploaded_by: row.uploadedByName ?? 'a former user',
    uploaded_by_id: row.uploadedBy,
    uploaded_on: row.uploadedAt.toISOString(),
    can_delete: canChangeFiles && mayDeleteAttachment(caller, row.uploadedBy),
  };
}

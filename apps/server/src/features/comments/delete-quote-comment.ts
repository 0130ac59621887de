import type { ZDeleteQuoteCommentBody } from '@bastion/domain/comments/schemas';
import type { z } from 'zod';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import type { Audited } from '../../lib/post-route.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { requireChangeableComment } from './comment-access.ts';
import { deleteComment } from './comments.repository.ts';

/** The author takes their comment back within 15 minutes of writing it. */
export async function deleteQuoteComment(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZDeleteQuoteCommentBody>,
  approverAccess: ApproverQuoteAccess | undefined,
  now = appNow(),
): Promise<Audited<{ id: string; is_deleted: true }>> {
  const quote = await requireQuoteForReader(db, caller, input.quote_id, approverAccess);
  const comment = await requireChangeableComment(db, caller, quote.id, input.comment_id, now);
  await deleteComment(db, comment.id);
  return {
    data: { id: comment.id, is_deleted: true },
    audit: {
      action: 'quote.comment.deleted',
      entityType: 'quote_comment',
      entityId: comment.id,
      details: { quote_id: quote.id, kind: comment.kind },
    },
  };
}

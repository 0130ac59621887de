import { authorInitials } from '@bastion/domain/comments/comment-rules';
import type { QuoteComment, QuoteComments } from '@bastion/domain/comments/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { mayChange } from './comment-access.ts';
import { findUserNames, listCommentsOfQuote, type CommentRow } from './comments.repository.ts';

/** How often an open comments panel asks again: new comments reach others within this. */
export const COMMENTS_POLL_SECONDS = 15;

/** A comment as the panel shows it to the caller. */
export function commentAnswer(
  caller: AuthContext,
  comment: CommentRow,
  author: { name: string; email: string } | null,
  names: ReadonlyMap<string, string>,
  now: Date,
): QuoteComment {
  const canChange = mayChange(caller, comment, now);
  return {
    id: comment.id,
    kind: comment.kind,
    body: comment.body,
    author:
      comment.authorUserId && author
        ? {
            id: comment.authorUserId,
            name: author.name,
            initial: authorInitials(author.name),
            email: author.email,
          }
        : null,
    created_at: comment.createdAt.toISOString(),
    edited_at: comment.editedAt?.toISOString() ?? null,
    version: comment.version,
    can_edit: canChange,
    can_delete: canChange,
    mentions: comment.mentionedUserIds.map((id) => ({
      user_id: id,
      name: names.get(id) ?? 'a former user',
    })),
  };
}

/** A quote's comments and internal notes, oldest first (a conversation), for whoever reads it. */
export async function listQuoteComments(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  approverAccess: ApproverQuoteAccess | undefined,
  now = appNow(),
): Promise<QuoteComments> {
  await requireQuoteForReader(db, caller, quoteId, approverAccess);
  const rows = await listCommentsOfQuote(db, quoteId);
  const names = await findUserNames(db, [
    ...new Set(rows.flatMap((row) => row.comment.mentionedUserIds)),
  ]);
  return {
    comments: rows.map((row) =>
      commentAnswer(
        caller,
        row.comment,
        row.authorName === null || row.authorEmail === null
          ? null
          : { name: row.authorName, email: row.authorEmail },
        names,
        now,
      ),
    ),
    poll_seconds: COMMENTS_POLL_SECONDS,
  };
}

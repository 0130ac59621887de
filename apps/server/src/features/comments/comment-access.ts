import { COMMENT_MESSAGES, isWithinEditWindow } from '@bastion/domain/comments/comment-rules';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCommentOfQuote, type CommentRow } from './comments.repository.ts';

/** Whether the caller may still edit or delete this comment: their own, within the window. */
export const mayChange = (caller: AuthContext, comment: CommentRow, now: Date) =>
  comment.authorUserId === caller.userId && isWithinEditWindow(comment.createdAt, now);

/**
 * The comment the caller asks to change: one of this quote's (404 otherwise), their own (403),
 * written less than 15 minutes ago by the app's clock (409).
 */
export async function requireChangeableComment(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  commentId: string,
  now: Date,
): Promise<CommentRow> {
  const comment = await findCommentOfQuote(db, quoteId, commentId);
  if (!comment) throw new AppError('NOT_FOUND', COMMENT_MESSAGES.notFound);
  if (comment.authorUserId !== caller.userId) {
    throw new AppError('FORBIDDEN', COMMENT_MESSAGES.notYours, {
      logMessage: 'change of another user’s comment refused',
    });
  }
  if (!isWithinEditWindow(comment.createdAt, now)) {
    throw new AppError('CONFLICT', COMMENT_MESSAGES.editWindowOver);
  }
  return comment;
}

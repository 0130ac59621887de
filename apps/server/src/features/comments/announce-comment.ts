import type { QuoteComment } from '@bastion/domain/comments/schemas';
import type { AuthContext } from '../../lib/access.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import type { CommentDeps } from './comment-deps.ts';
import { findUserNames, type CommentRow, type PersonRow } from './comments.repository.ts';
import { commentAnswer } from './list-quote-comments.ts';
import { sendMentionEmails } from './send-mention-emails.ts';

/**
 * After the caller wrote or edited a comment: mails the people it newly mentions, and answers
 * the comment as the panel shows it.
 */
export async function announceComment(
  deps: CommentDeps,
  caller: AuthContext,
  quote: QuoteRow,
  comment: CommentRow,
  newlyMentioned: readonly PersonRow[],
  now: Date,
): Promise<QuoteComment> {
  const names = await findUserNames(deps.db, [caller.userId, ...comment.mentionedUserIds]);
  const authorName = names.get(caller.userId) ?? caller.email;
  await sendMentionEmails(deps, {
    quote,
    author: { id: caller.userId, name: authorName },
    kind: comment.kind,
    body: comment.body,
    recipients: newlyMentioned,
  });
  return commentAnswer(caller, comment, { name: authorName, email: caller.email }, names, now);
}

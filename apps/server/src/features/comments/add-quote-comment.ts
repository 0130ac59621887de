import { parseMentions } from '@bastion/domain/comments/mentions';
import type { QuoteComment } from '@bastion/domain/comments/schemas';
import type { z } from 'zod';
import type { ZAddQuoteCommentBody } from '@bastion/domain/comments/schemas';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import type { Audited } from '../../lib/post-route.ts';
import { requireQuoteForReader } from '../../core/quotes/visibility.repository.ts';
import { announceComment } from './announce-comment.ts';
import type { CommentDeps } from './comment-deps.ts';
import { insertComment } from './comments.repository.ts';
import { resolveMentions } from './resolve-mentions.ts';

/**
 * Anyone who can read the quote (its approvers too) writes a comment or an internal note on it;
 * everyone it mentions is e-mailed. Comments are their own record: the quote, its version and
 * its history do not change.
 */
export async function addQuoteComment(
  deps: CommentDeps,
  caller: AuthContext,
  input: z.output<typeof ZAddQuoteCommentBody>,
  now = appNow(),
): Promise<Audited<{ comment: QuoteComment }>> {
  const { db } = deps;
  const quote = await requireQuoteForReader(db, caller, input.quote_id, deps.approverAccess);
  const mentioned = await resolveMentions(
    db,
    quote.id,
    parseMentions(input.body),
    deps.approverAccess,
  );
  // Written with the app's clock, which the 15-minute window is measured by.
  const comment = await insertComment(db, {
    quoteId: quote.id,
    kind: input.kind,
    body: input.body,
    authorUserId: caller.userId,
    mentionedUserIds: mentioned.map((p) => p.id),
    createdAt: now,
  });
  return {
    data: {
      comment: await announceComment(deps, caller, quote, comment, mentioned, now),
    },
    audit: {
      action: 'quote.comment.added',
      entityType: 'quote_comment',
      entityId: comment.id,
      details: { quote_id: quote.id, kind: comment.kind, mentioned: comment.mentionedUserIds },
    },
  };
}

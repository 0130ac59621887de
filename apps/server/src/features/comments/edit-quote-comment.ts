import { COMMENT_MESSAGES } from '@bastion/domain/comments/comment-rules';
import { parseMentions } from '@bastion/domain/comments/mentions';
import type { QuoteComment, ZEditQuoteCommentBody } from '@bastion/domain/comments/schemas';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { Audited } from '../../lib/post-route.ts';
import { requireQuoteForReader } from '../../core/quotes/visibility.repository.ts';
import { requireChangeableComment } from './comment-access.ts';
import { announceComment } from './announce-comment.ts';
import type { CommentDeps } from './comment-deps.ts';
import { updateCommentAtVersion } from './comments.repository.ts';
import { resolveMentions } from './resolve-mentions.ts';

const staleComment = () => new AppError('CONFLICT', COMMENT_MESSAGES.stale);

/**
 * The author rewrites their comment within 15 minutes of writing it, at the version they saw.
 * Only people the new text mentions for the first time are e-mailed.
 */
export async function editQuoteComment(
  deps: CommentDeps,
  caller: AuthContext,
  input: z.output<typeof ZEditQuoteCommentBody>,
  now = appNow(),
): Promise<Audited<{ comment: QuoteComment }>> {
  const { db } = deps;
  const quote = await requireQuoteForReader(db, caller, input.quote_id, deps.approverAccess);
  const comment = await requireChangeableComment(db, caller, quote.id, input.comment_id, now);
  if (comment.version !== input.version) throw staleComment();

  const mentions = parseMentions(input.body);
  const before = new Set(comment.mentionedUserIds);
  const kept = mentions.filter((m) => before.has(m.user_id)).map((m) => m.user_id);
  const added = await resolveMentions(
    db,
    quote.id,
    mentions.filter((m) => !before.has(m.user_id)),
    deps.approverAccess,
  );
  const edited = await updateCommentAtVersion(db, {
    id: comment.id,
    expectedVersion: input.version,
    body: input.body,
    mentionedUserIds: [...kept, ...added.map((p) => p.id)],
    editedAt: now,
  });
  if (!edited) throw staleComment();

  return {
    data: {
      comment: await announceComment(deps, caller, quote, edited, added, now),
    },
    audit: {
      action: 'quote.comment.edited',
      entityType: 'quote_comment',
      entityId: edited.id,
      details: {
        quote_id: quote.id,
        version: edited.version,
        newly_mentioned: added.map((p) => p.id),
      },
    },
  };
}

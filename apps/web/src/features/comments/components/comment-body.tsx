import { bodySegments } from '@bastion/domain/comments/mentions';
import type { QuoteComment } from '../api/comments.ts';

/** The text of a comment, each mention of someone it reached drawn as a highlighted name. */
export function CommentBody({ comment }: { comment: QuoteComment }) {
  const reached = new Map(comment.mentions.map((m) => [m.user_id, m.name]));
  return (
    <p className="comment-body">
      {bodySegments(comment.body).map((segment, index) => {
        if (segment.kind === 'text') return segment.text;
        const name = reached.get(segment.user_id);
        if (name === undefined) return `@${segment.name}`;
        return (
          <span key={index} className="comment-mention">
            @{name}
          </span>
        );
      })}
    </p>
  );
}

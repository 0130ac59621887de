import { decodeMentions, encodeMentions, type Mention } from '@bastion/domain/comments/mentions';
import { ZCommentBody } from '@bastion/domain/comments/schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { useDeleteComment, useEditComment, type QuoteComment } from '../api/comments.ts';
import { CommentBody } from './comment-body.tsx';
import { MentionTextarea } from './mention-textarea.tsx';

const epochSeconds = (iso: string) => Date.parse(iso) / 1000;

/**
 * One comment or note: the author's initials in a circle, their name, when it was written (spec
 * §9 format), whether it is an internal note or was edited; Edit and Delete for its author during
 * the 15 minutes the server allows.
 */
export function CommentEntry({ quoteId, comment }: { quoteId: string; comment: QuoteComment }) {
  const [isEditing, setIsEditing] = useState(false);
  const remove = useDeleteComment(quoteId);
  const [problem, setProblem] = useState<string | null>(null);
  const author = comment.author?.name ?? 'A former user';
  const isNote = comment.kind === 'note';
  const written = formatDateTime(epochSeconds(comment.created_at));
  return (
    <li
      className={isNote ? 'comment-entry comment-entry-note' : 'comment-entry'}
      aria-label={`${isNote ? 'Internal note' : 'Comment'} by ${author}, ${written}`}
    >
      <span className="comment-avatar" aria-hidden="true" title={author}>
        {comment.author?.initial ?? '?'}
      </span>
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap column-gap-2 align-items-baseline">
          <strong>{author}</strong>
          <time className="small text-body-secondary" dateTime={comment.created_at}>
            {written}
          </time>
          {isNote ? (
            <Badge bg="warning" text="dark">
              <i className="bi bi-lock me-1" aria-hidden="true" />
              Internal note
            </Badge>
          ) : null}
          {comment.edited_at ? (
            <span
              className="small text-body-secondary fst-italic"
              title={`Edited ${formatDateTime(epochSeconds(comment.edited_at))}`}
            >
              edited
            </span>
          ) : null}
        </div>
        {isEditing ? (
          <CommentEditor quoteId={quoteId} comment={comment} onDone={() => setIsEditing(false)} />
        ) : (
          <CommentBody comment={comment} />
        )}
        {problem ? (
          <div className="small text-danger" role="alert">
            {problem}
          </div>
        ) : null}
        {comment.can_edit && !isEditing ? (
          <div className="d-flex gap-2 justify-content-end align-items-center">
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Edit ${isNote ? 'note' : 'comment'} written ${written}`}
              onClick={() => {
                setProblem(null);
                setIsEditing(true);
              }}
            >
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              Edit
            </Button>
            {comment.can_delete ? (
              <ConfirmButton
                size="sm"
                label={`Delete ${isNote ? 'note' : 'comment'} written ${written}`}
                question="Delete it for everyone?"
                confirmText="Delete"
                isPending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(
                    { comment_id: comment.id },
                    { onError: (error) => setProblem(error.message) },
                  )
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The author's rewrite, at the version they saw; Ctrl/⌘+Enter saves, as in the composer. */
function CommentEditor(props: { quoteId: string; comment: QuoteComment; onDone: () => void }) {
  const { comment } = props;
  const edit = useEditComment(props.quoteId);
  const [initial] = useState(() => decodeMentions(comment.body));
  const [text, setText] = useState(initial.text);
  const [mentions, setMentions] = useState<Mention[]>(initial.mentions);
  const [problem, setProblem] = useState<string | null>(null);

  function save() {
    if (edit.isPending) return;
    const parsed = ZCommentBody.safeParse(encodeMentions(text, mentions));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'This cannot be saved.');
      return;
    }
    edit.mutate(
      { comment_id: comment.id, version: comment.version, body: parsed.data },
      { onSuccess: props.onDone, onError: (error) => setProblem(error.message) },
    );
  }

  return (
    <div className="my-2">
      <MentionTextarea
        quoteId={props.quoteId}
        label="Edit the text"
        value={text}
        onChange={setText}
        onMention={(mention) => setMentions((chosen) => [...chosen, mention])}
        onSubmit={save}
        isInvalid={problem !== null}
        autoFocus
      />
      {problem ? (
        <div className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      ) : null}
      <div className="d-flex gap-2 justify-content-end mt-2">
        <Button size="sm" variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" disabled={edit.isPending} onClick={save}>
          Save
        </Button>
      </div>
    </div>
  );
}

import type { QuoteCommentKind } from '@bastion/domain/comments/comment-rules';
import { encodeMentions, type Mention } from '@bastion/domain/comments/mentions';
import { ZCommentForm } from '@bastion/domain/comments/schemas';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAddComment } from '../api/comments.ts';
import { MentionTextarea } from './mention-textarea.tsx';

/** What each kind means, said where it is chosen. */
const KIND_CHOICES: { kind: QuoteCommentKind; label: string; meaning: string }[] = [
  {
    kind: 'comment',
    label: 'Comment',
    meaning: "May be printed on the customer's quote document.",
  },
  {
    kind: 'note',
    label: 'Internal note',
    meaning: 'Stays inside the company: never on a customer document.',
  },
];

const SEND_SHORTCUT = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘+Enter' : 'Ctrl+Enter';

/** Writes a comment or an internal note, with @-mentions. */
export function CommentComposer({ quoteId }: { quoteId: string }) {
  const add = useAddComment(quoteId);
  const [kind, setKind] = useState<QuoteCommentKind>('comment');
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const problemId = useId();
  const choice = KIND_CHOICES.find((c) => c.kind === kind) ?? KIND_CHOICES[0];

  function send() {
    if (add.isPending) return;
    const parsed = ZCommentForm.safeParse({ kind, body: encodeMentions(text, mentions) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'This cannot be sent.');
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setMentions([]);
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <Form
      className="comment-composer"
      aria-label="New comment or note"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <fieldset className="mb-2">
        <legend className="visually-hidden">Kind</legend>
        <div className="d-flex gap-3">
          {KIND_CHOICES.map((c) => (
            <Form.Check
              key={c.kind}
              type="radio"
              id={`${hintId}-${c.kind}`}
              name={`${hintId}-kind`}
              label={c.label}
              checked={kind === c.kind}
              onChange={() => setKind(c.kind)}
            />
          ))}
        </div>
        <div
          className={`small ${kind === 'note' ? 'text-warning-emphasis' : 'text-body-secondary'}`}
        >
          <i
            className={`bi ${kind === 'note' ? 'bi-lock' : 'bi-printer'} me-1`}
            aria-hidden="true"
          />
          {choice?.meaning}
        </div>
      </fieldset>
      <MentionTextarea
        quoteId={quoteId}
        label={kind === 'note' ? 'Internal note' : 'Comment'}
        value={text}
        onChange={(next) => {
          setText(next);
          if (problem) setProblem(null);
        }}
        onMention={(mention) => setMentions((chosen) => [...chosen, mention])}
        onSubmit={send}
        isInvalid={problem !== null}
        describedBy={problem ? problemId : hintId}
        placeholder="Write here. Type @ to mention a colleague."
      />
      {problem ? (
        <div id={problemId} className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      ) : null}
      <div className="d-flex justify-content-between align-items-center gap-2 mt-2">
        <span id={hintId} className="small text-body-secondary">
          {SEND_SHORTCUT} to send · @ mentions e-mail the person
        </span>
        <Button type="submit" variant="primary" className="text-nowrap" disabled={add.isPending}>
          {kind === 'note' ? 'Add note' : 'Add comment'}
        </Button>
      </div>
    </Form>
  );
}

import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Spinner from 'react-bootstrap/Spinner';
import { SidePanel } from '@/components/side-panel.tsx';
import type { QuoteComment, QuoteComments } from '../api/comments.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentEntry } from './comment-entry.tsx';
import './comments.css';

type Filter = 'all' | 'comment' | 'note';
const FILTERS: { filter: Filter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'comment', label: 'Comments' },
  { filter: 'note', label: 'Internal notes' },
];

const countOf = (comments: readonly QuoteComment[], filter: Filter) =>
  filter === 'all' ? comments.length : comments.filter((c) => c.kind === filter).length;

/**
 * The conversation about a quote, oldest first with the newest at the bottom next to where the
 * next one is written; the query behind it polls while the panel is open.
 */
export function QuoteCommentsPanel(props: {
  quoteId: string;
  show: boolean;
  onHide: () => void;
  query: { data?: QuoteComments; error: Error | null; isPending: boolean };
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const comments = props.query.data?.comments ?? [];
  const shown = filter === 'all' ? comments : comments.filter((c) => c.kind === filter);
  const endRef = useRef<HTMLDivElement>(null);
  const newestId = comments.at(-1)?.id;

  // A new entry (one's own or someone else's) scrolls into view.
  useEffect(() => {
    if (props.show) endRef.current?.scrollIntoView({ block: 'end' });
  }, [newestId, props.show]);

  return (
    <SidePanel show={props.show} onHide={props.onHide} title="Comments and notes" size="default">
      <div className="comments-panel">
        <ButtonGroup size="sm" aria-label="Show" className="mb-3">
          {FILTERS.map((f) => (
            <Button
              key={f.filter}
              variant={filter === f.filter ? 'secondary' : 'outline-secondary'}
              aria-pressed={filter === f.filter}
              onClick={() => setFilter(f.filter)}
            >
              {f.label} ({countOf(comments, f.filter)})
            </Button>
          ))}
        </ButtonGroup>
        <div className="comments-scroll">
          {props.query.isPending ? (
            <Spinner animation="border" size="sm" role="status" aria-label="Loading comments" />
          ) : props.query.error && !props.query.data ? (
            <Alert variant="danger">{props.query.error.message}</Alert>
          ) : shown.length === 0 ? (
            <p className="text-body-secondary">
              {comments.length === 0
                ? 'Nothing written yet. Start the conversation below.'
                : 'Nothing of this kind yet.'}
            </p>
          ) : (
            <ol className="comment-list list-unstyled" aria-label="Comments and notes">
              {shown.map((comment) => (
                <CommentEntry key={comment.id} quoteId={props.quoteId} comment={comment} />
              ))}
            </ol>
          )}
          <div ref={endRef} />
        </div>
        <CommentComposer quoteId={props.quoteId} />
      </div>
    </SidePanel>
  );
}

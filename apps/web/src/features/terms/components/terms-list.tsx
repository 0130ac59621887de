import { useState, type Dispatch } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { DraftAction, DraftTerm } from './terms-draft.ts';

/** Where a clause came from, in a badge or two. */
export function TermBadges({ term }: { term: DraftTerm }) {
  const rules = term.rule_names.join(', ');
  return (
    <>
      {term.is_required ? (
        <Badge bg="dark" title={`Required by ${rules}`}>
          <i className="bi bi-lock-fill me-1" aria-hidden="true" />
          Required
        </Badge>
      ) : null}
      {!term.is_required && term.rule_names.length > 0 ? (
        <Badge bg="info" text="dark" title={`Attached by ${rules}`}>
          <i className="bi bi-paperclip me-1" aria-hidden="true" />
          Attached by rule
        </Badge>
      ) : null}
      {term.is_custom ? (
        <Badge
          bg="warning"
          text="dark"
          title="Text of your own: the quote's terms are non-standard."
        >
          <i className="bi bi-pencil-fill me-1" aria-hidden="true" />
          Non-standard
        </Badge>
      ) : null}
      {term.source === 'USER' && term.rule_names.length === 0 ? (
        <Badge bg="light" text="dark" className="border">
          Added from library
        </Badge>
      ) : null}
    </>
  );
}

/**
 * The quote's clauses in order: up and down buttons (and dragging) reorder them, optional ones can
 * be removed, required ones carry a lock.
 */
export function TermsList({
  terms,
  errors,
  isReadOnly,
  dispatch,
}: {
  terms: readonly DraftTerm[];
  /** The server's messages by clause key. */
  errors: ReadonlyMap<string, string>;
  isReadOnly: boolean;
  dispatch: Dispatch<DraftAction>;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  return (
    <ol
      className="list-group list-group-numbered list-group-flush"
      aria-label="Clauses on this quote"
    >
      {terms.map((term, index) => {
        const problem = errors.get(term.key) ?? term.problem;
        return (
          <li
            key={term.key}
            className={`list-group-item d-flex align-items-start gap-2${dragOver === index && dragFrom !== index ? ' border-top border-primary border-2' : ''}`}
            draggable={!isReadOnly}
            onDragStart={(event) => {
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setDragOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== null) dispatch({ type: 'move', from: dragFrom, to: index });
              setDragFrom(null);
              setDragOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
            data-testid="quote-term"
          >
            <div className="ms-1 me-auto min-w-0">
              <div className="fw-semibold">{term.title}</div>
              <div className="d-flex flex-wrap align-items-center gap-1 small text-body-secondary mt-1">
                <TermBadges term={term} />
                <span>
                  {term.category ?? 'Custom text'}
                  {term.rule_names.length > 0 ? ` · ${term.rule_names.join(', ')}` : ''}
                </span>
              </div>
              {problem ? (
                <div className="small text-danger mt-1" role="alert">
                  <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
                  {problem}
                </div>
              ) : null}
            </div>
            {isReadOnly ? null : (
              <div className="d-flex gap-1 flex-shrink-0">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${term.title} up`}
                  disabled={index === 0}
                  onClick={() => dispatch({ type: 'move', from: index, to: index - 1 })}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Move ${term.title} down`}
                  disabled={index === terms.length - 1}
                  onClick={() => dispatch({ type: 'move', from: index, to: index + 1 })}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </Button>
                {term.is_required ? (
                  <span
                    className="btn btn-sm btn-light disabled border-0"
                    title={`Required by ${term.rule_names.join(', ')}: it cannot be removed.`}
                  >
                    <i className="bi bi-lock-fill" aria-hidden="true" />
                    <span className="visually-hidden">{term.title} is required</span>
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${term.title}`}
                    onClick={() => dispatch({ type: 'remove', key: term.key })}
                  >
                    <i className="bi bi-x-lg" aria-hidden="true" />
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

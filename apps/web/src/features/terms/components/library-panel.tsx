import { compareClauses } from '@bastion/domain/terms/clauses';
import type { PlaceholderValues } from '@bastion/domain/terms/placeholders';
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { useClauses } from '../api/clauses.ts';
import { SidePanel } from '@/components/side-panel.tsx';
import { libraryDraft, type DraftTerm } from './terms-draft.ts';

/** The active clauses not on the quote yet, as they would read on it; one click adds one. */
export function LibraryPanel({
  show,
  onHide,
  onKeys,
  values,
  suggested,
  onAdd,
}: {
  show: boolean;
  onHide: () => void;
  /** Clause ids already on the quote. */
  onKeys: ReadonlySet<string>;
  values: PlaceholderValues;
  /** Clauses a rule attaches that were taken off, by id → rule names. */
  suggested: ReadonlyMap<string, string[]>;
  onAdd: (term: DraftTerm) => void;
}) {
  const clauses = useClauses({ includeInactive: false, enabled: show });
  const [search, setSearch] = useState('');
  const offered = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (clauses.data?.clauses ?? [])
      .filter((c) => !onKeys.has(c.id))
      .filter((c) => !text || `${c.title} ${c.category} ${c.body}`.toLowerCase().includes(text))
      .sort(compareClauses)
      .map((c) => libraryDraft(c, values));
  }, [clauses.data, onKeys, search, values]);

  return (
    <SidePanel show={show} title="Add from the clause library" onHide={onHide}>
      <Form.Control
        type="search"
        className="mb-3"
        aria-label="Search the library"
        data-autofocus
        placeholder="Search titles, categories and text"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {clauses.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the library" />
      ) : clauses.isError ? (
        <ErrorScreen error={clauses.error} onRetry={() => void clauses.refetch()} />
      ) : offered.length === 0 ? (
        <p className="text-body-secondary">
          {search
            ? `No clause matches “${search}”.`
            : 'Every clause of the library is on the quote.'}
        </p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-label="Library clauses">
          {offered.map((term) => (
            <li key={term.key} className="border rounded p-3">
              <div className="d-flex align-items-start gap-2">
                <div className="me-auto">
                  <div className="fw-semibold">
                    {term.title}
                    {suggested.has(term.key) ? (
                      <Badge bg="info" text="dark" className="ms-2">
                        Suggested by rule
                      </Badge>
                    ) : null}
                  </div>
                  <div className="small text-body-secondary">{term.category}</div>
                </div>
                <Button
                  size="sm"
                  aria-label={`Add ${term.title}`}
                  disabled={term.problem !== null}
                  onClick={() => onAdd(term)}
                >
                  Add
                </Button>
              </div>
              {term.text !== null ? (
                <p className="small mb-0 mt-2 text-body-secondary">{term.text}</p>
              ) : (
                <p className="small mb-0 mt-2 text-danger">{term.problem}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  );
}

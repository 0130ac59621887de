import { CLAUSE_CATEGORIES, checkClauseDraft } from '@bastion/domain/terms/clauses';
import { PLACEHOLDERS, placeholdersIn } from '@bastion/domain/terms/placeholders';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSaveClause, type Clause } from '../api/clauses.ts';
import { fieldErrorsOf, isStale } from './field-errors.ts';

/**
 * Creates a clause or makes its next version. Placeholders are inserted from the list, so their
 * names are right; the server checks them again.
 */
export function ClauseEditor({
  clause,
  onSaved,
  onCancel,
}: {
  /** Null: a new clause. */
  clause: Clause | null;
  onSaved: (clause: Clause) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [title, setTitle] = useState(clause?.title ?? '');
  const [category, setCategory] = useState(clause?.category ?? '');
  const [body, setBody] = useState(clause?.body ?? '');
  const [isActive, setIsActive] = useState(clause?.is_active ?? true);
  const [note, setNote] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveClause();

  const localProblems = Object.fromEntries(
    checkClauseDraft({ title, body, category }).map((p) => [p.path, p.message]),
  );
  const serverProblems = fieldErrorsOf(save.error);
  const errorOf = (path: string) =>
    (isSubmitted ? localProblems[path] : undefined) ?? serverProblems[path];

  const insertPlaceholder = (name: string) => {
    const area = bodyRef.current;
    const token = `{${name}}`;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(localProblems).length > 0) return;
    save.mutate(
      {
        ...(clause ? { id: clause.id, version: clause.version } : {}),
        title,
        body,
        category,
        is_active: isActive,
        note,
      },
      { onSuccess: onSaved },
    );
  };

  const used = placeholdersIn(body);
  return (
    <Form noValidate onSubmit={submit}>
      {clause ? (
        <p className="small text-body-secondary">
          Version {clause.version}. Saving makes version {clause.version + 1}; quotes already past
          their terms step keep the wording they saved.
        </p>
      ) : null}
      {isStale(save.error) ? (
        <Alert variant="warning" role="alert">
          {save.error?.message}
        </Alert>
      ) : save.isError && Object.keys(serverProblems).length === 0 ? (
        <Alert variant="danger" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      <Form.Group className="mb-3" controlId={`${ids}-title`}>
        <Form.Label>Title</Form.Label>
        <Form.Control
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          isInvalid={Boolean(errorOf('title'))}
          maxLength={200}
        />
        <Form.Control.Feedback type="invalid">{errorOf('title')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${ids}-category`}>
        <Form.Label>Category</Form.Label>
        <Form.Select
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          isInvalid={Boolean(errorOf('category'))}
        >
          <option value="">Choose…</option>
          {CLAUSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errorOf('category')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${ids}-body`}>
        <Form.Label>Text</Form.Label>
        <Form.Control
          as="textarea"
          ref={bodyRef}
          rows={9}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          isInvalid={Boolean(errorOf('body'))}
        />
        <Form.Control.Feedback type="invalid">{errorOf('body')}</Form.Control.Feedback>
      </Form.Group>
      <div className="mb-3">
        <div className="small text-body-secondary mb-1" id={`${ids}-placeholders`}>
          Insert a placeholder: the quote&apos;s value replaces it. A quote without that value
          cannot take the clause.
        </div>
        <div
          className="d-flex flex-wrap gap-1"
          role="group"
          aria-labelledby={`${ids}-placeholders`}
        >
          {PLACEHOLDERS.map((p) => (
            <Button
              key={p.name}
              size="sm"
              variant={used.includes(p.name) ? 'secondary' : 'outline-secondary'}
              title={p.description}
              onClick={() => insertPlaceholder(p.name)}
            >
              <code className="text-reset">{`{${p.name}}`}</code>
            </Button>
          ))}
        </div>
      </div>
      <Form.Check
        type="switch"
        id={`${ids}-active`}
        className="mb-3"
        label={
          <>
            Active{' '}
            {isActive ? null : (
              <Badge bg="secondary" className="ms-1">
                Withdrawn: cannot be added to quotes
              </Badge>
            )}
          </>
        }
        checked={isActive}
        onChange={(e) => setIsActive(e.target.checked)}
      />
      <Form.Group className="mb-3" controlId={`${ids}-note`}>
        <Form.Label>What changed (kept with the version)</Form.Label>
        <Form.Control
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          placeholder={clause ? 'e.g. Liability cap aligned with the 2027 policy' : 'optional'}
        />
      </Form.Group>
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : clause ? 'Save new version' : 'Create clause'}
        </Button>
      </div>
    </Form>
  );
}

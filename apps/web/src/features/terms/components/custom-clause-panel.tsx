import {
  PLACEHOLDERS,
  renderClause,
  unknownPlaceholderMessage,
  type PlaceholderValues,
} from '@bastion/domain/terms/placeholders';
import { CUSTOM_CLAUSE_TITLE } from '@bastion/domain/terms/quote-terms';
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SidePanel } from '@/components/side-panel.tsx';
import { customDraft, type DraftTerm } from './terms-draft.ts';

/** Text of the user's own: the quote's terms become non-standard, which approvals will see. */
export function CustomClausePanel({
  show,
  onHide,
  values,
  onAdd,
}: {
  show: boolean;
  onHide: () => void;
  values: PlaceholderValues;
  onAdd: (term: DraftTerm) => void;
}) {
  const ids = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);

  const unknown = unknownPlaceholderMessage(text);
  const rendered = renderClause({ title: title.trim() || CUSTOM_CLAUSE_TITLE, body: text }, values);
  const problem =
    text.trim() === ''
      ? 'Write the text of the custom clause.'
      : (unknown ?? (rendered.ok ? null : rendered.message));

  const isShowingProblem = Boolean(problem && (isSubmitted || text !== ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (problem) return;
    onAdd(customDraft(title, text, values));
    setTitle('');
    setText('');
    setIsSubmitted(false);
  };

  return (
    <SidePanel show={show} title="Add a custom clause" onHide={onHide}>
      <Alert variant="warning" className="small">
        <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />A custom clause makes
        this quote&apos;s terms non-standard: it is marked for the approvers.
      </Alert>
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId={`${ids}-title`}>
          <Form.Label>Title</Form.Label>
          <Form.Control
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            data-autofocus
            placeholder={CUSTOM_CLAUSE_TITLE}
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId={`${ids}-text`}>
          <Form.Label>Clause text</Form.Label>
          <Form.Control
            as="textarea"
            rows={7}
            value={text}
            onChange={(e) => setText(e.target.value)}
            isInvalid={isShowingProblem}
            aria-invalid={isShowingProblem || undefined}
            aria-describedby={isShowingProblem ? `${ids}-problem` : undefined}
          />
          {/* Said when an add is refused; while typing, it is read with the box. */}
          <Form.Control.Feedback
            type="invalid"
            id={`${ids}-problem`}
            role={isSubmitted ? 'alert' : undefined}
          >
            {problem}
          </Form.Control.Feedback>
          <Form.Text>
            Placeholders are filled from the quote:{' '}
            {PLACEHOLDERS.map((p) => (
              <code key={p.name} className="me-1">{`{${p.name}}`}</code>
            ))}
          </Form.Text>
        </Form.Group>
        {rendered.ok && text.trim() !== '' && !unknown ? (
          <div className="border rounded p-2 mb-3 small bg-body-tertiary">
            <div className="text-body-secondary mb-1">Preview</div>
            <p className="mb-0">{rendered.text}</p>
          </div>
        ) : null}
        <div className="d-flex gap-2 justify-content-end">
          <Button variant="outline-secondary" onClick={onHide}>
            Close
          </Button>
          <Button type="submit">Add to quote</Button>
        </div>
      </Form>
    </SidePanel>
  );
}

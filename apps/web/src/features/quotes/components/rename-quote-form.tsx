import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../../lib/api-client.ts';
import { type QuoteView, useUpdateQuote } from '../api/quotes.ts';

/**
 * Renames a quote at the version the user saw. When someone else changed it meanwhile, says so
 * and offers to reload rather than overwrite their change.
 */
export function RenameQuoteForm({
  quote,
  onDone,
  onReload,
}: {
  quote: QuoteView;
  onDone: () => void;
  onReload: () => void;
}) {
  const update = useUpdateQuote(quote.id);
  const [name, setName] = useState(quote.quote_name);
  const isStale = isApiError(update.error) && update.error.status === 409;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ version: quote.version, quote_name: name.trim() }, { onSuccess: onDone });
  };

  return (
    <Form onSubmit={submit} className="mb-3">
      {isStale ? (
        <Alert variant="warning" role="alert" className="d-flex align-items-center gap-3">
          <span className="me-auto">{update.error?.message}</span>
          <Button
            variant="warning"
            onClick={() => {
              update.reset();
              onReload();
            }}
          >
            Reload the quote
          </Button>
        </Alert>
      ) : update.isError ? (
        <Alert variant="danger" role="alert">
          {update.error.message}
        </Alert>
      ) : null}
      <Form.Label htmlFor="rename-quote">Quote name</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="rename-quote"
          value={name}
          maxLength={200}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={update.isPending || name.trim() === ''}>
          Save
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

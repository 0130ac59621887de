import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  useDeleteCrmContact,
  useSaveCrmContact,
  type CrmAccount,
  type CrmContact,
  type CrmContactInput,
} from '../api/crm-accounts.ts';
import { fieldErrorsOf, SaveProblem, TextField } from './record-form-controls.tsx';

const fullName = (contact: Pick<CrmContact, 'first_name' | 'last_name'>) =>
  `${contact.first_name} ${contact.last_name}`.trim();

/** The account's contacts: each saved on its own, so the account form need not be saved. */
export function ContactsEditor({ account }: { account: CrmAccount }) {
  /** The contact being edited: its id, 'new', or none. */
  const [editing, setEditing] = useState<string | null>(null);
  /** The contact whose deletion awaits confirmation. */
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useDeleteCrmContact();

  return (
    <section aria-labelledby="account-contacts-title">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h3 id="account-contacts-title" className="h6 mb-0">
          Contacts
        </h3>
        {editing === null ? (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing('new')}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add contact
          </Button>
        ) : null}
      </div>
      {remove.isError ? (
        <div className="text-danger small mb-2" role="alert">
          {remove.error.message}
        </div>
      ) : null}
      {editing === 'new' ? (
        <ContactForm accountId={account.id} contact={null} onDone={() => setEditing(null)} />
      ) : null}
      {account.contacts.length === 0 && editing !== 'new' ? (
        <p className="small text-body-secondary mb-0">No contacts yet.</p>
      ) : (
        <ListGroup aria-label="Contacts">
          {account.contacts.map((contact) =>
            editing === contact.id ? (
              <ListGroup.Item key={contact.id}>
                <ContactForm
                  accountId={account.id}
                  contact={contact}
                  onDone={() => setEditing(null)}
                />
              </ListGroup.Item>
            ) : (
              <ListGroup.Item key={contact.id}>
                <div className="d-flex justify-content-between gap-2">
                  <div className="min-w-0">
                    <div className="fw-semibold">{fullName(contact) || contact.id}</div>
                    <div className="small text-body-secondary">
                      {[contact.title, contact.email || 'No e-mail', contact.phone]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                  <div className="d-flex gap-1 align-items-start">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={editing !== null}
                      aria-label={`Edit contact ${fullName(contact)}`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(null);
                        setEditing(contact.id);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={editing !== null || remove.isPending}
                      aria-label={`Delete contact ${fullName(contact)}`}
                      onClick={() => {
                        remove.reset();
                        setDeleting(contact.id);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                {deleting === contact.id ? (
                  <Alert variant="danger" className="mt-2 mb-0 py-2" role="alertdialog">
                    <p className="mb-2 small">
                      Delete {fullName(contact) || contact.id}? This cannot be undone.
                    </p>
                    <div className="d-flex gap-2">
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(contact.id, { onSettled: () => setDeleting(null) })
                        }
                      >
                        Delete contact
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => setDeleting(null)}
                      >
                        Keep it
                      </Button>
                    </div>
                  </Alert>
                ) : null}
              </ListGroup.Item>
            ),
          )}
        </ListGroup>
      )}
    </section>
  );
}

function ContactForm({
  accountId,
  contact,
  onDone,
}: {
  accountId: string;
  contact: CrmContact | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<CrmContactInput>(() => ({
    account_id: accountId,
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    title: contact?.title ?? '',
  }));
  const save = useSaveCrmContact();
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof CrmContactInput) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(contact ? { ...draft, id: contact.id } : draft, { onSuccess: onDone });
  };

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="border rounded p-2 mb-2 bg-body-tertiary"
      aria-label={contact ? `Contact ${fullName(contact)}` : 'New contact'}
    >
      <SaveProblem error={save.error} />
      <Row>
        <Col sm={6}>
          <TextField
            label="First name"
            maxLength={80}
            value={draft.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
            className="mb-2"
          />
        </Col>
        <Col sm={6}>
          <TextField
            label="Last name"
            isRequired
            maxLength={80}
            value={draft.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
            className="mb-2"
          />
        </Col>
      </Row>
      <TextField
        label="E-mail"
        type="email"
        maxLength={254}
        value={draft.email}
        onChange={set('email')}
        error={errors.email}
        help="Without one, quotes cannot notify this contact."
        className="mb-2"
      />
      <Row>
        <Col sm={6}>
          <TextField
            label="Phone"
            type="tel"
            maxLength={40}
            value={draft.phone}
            onChange={set('phone')}
            error={errors.phone}
            className="mb-2"
          />
        </Col>
        <Col sm={6}>
          <TextField
            label="Title"
            maxLength={120}
            value={draft.title}
            onChange={set('title')}
            error={errors.title}
            className="mb-2"
          />
        </Col>
      </Row>
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          Save contact
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

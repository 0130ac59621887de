import { ZSaveContactBody, type ContactFormValues } from '@bastion/domain/crm/schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useDeleteCrmContact,
  useSaveCrmContact,
  type CrmAccount,
  type CrmContact,
} from '../api/crm-accounts.ts';

const fullName = (contact: Pick<CrmContact, 'first_name' | 'last_name'>) =>
  `${contact.first_name} ${contact.last_name}`.trim();

/** The account's contacts: each saved on its own, so the account form need not be saved. */
export function ContactsEditor({ account }: { account: CrmAccount }) {
  /** The contact being edited: its id, 'new', or none. */
  const [editing, setEditing] = useState<string | null>(null);
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
          {account.contacts.map((contact) => (
            <ListGroup.Item key={contact.id}>
              {editing === contact.id ? (
                <ContactForm
                  accountId={account.id}
                  contact={contact}
                  onDone={() => setEditing(null)}
                />
              ) : (
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
                        setEditing(contact.id);
                      }}
                    >
                      Edit
                    </Button>
                    <ConfirmButton
                      size="sm"
                      label={`Delete contact ${fullName(contact)}`}
                      text="Delete"
                      question={`Delete ${fullName(contact) || contact.id}? This cannot be undone.`}
                      confirmText="Delete contact"
                      cancelText="Keep it"
                      isPending={editing !== null || remove.isPending}
                      onConfirm={() => {
                        remove.reset();
                        remove.mutate(contact.id);
                      }}
                    />
                  </div>
                </div>
              )}
            </ListGroup.Item>
          ))}
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
  const form = useZodForm(ZSaveContactBody, {
    defaultValues: {
      ...(contact ? { id: contact.id } : {}),
      account_id: accountId,
      first_name: contact?.first_name ?? '',
      last_name: contact?.last_name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      title: contact?.title ?? '',
    } satisfies ContactFormValues,
  });
  const save = useSaveCrmContact();

  return (
    <AppForm
      form={form}
      error={save.error}
      className="border rounded p-2 mb-2 bg-body-tertiary"
      aria-label={contact ? `Contact ${fullName(contact)}` : 'New contact'}
      leaveGuard={contact ? `the contact ${fullName(contact)}` : 'the new contact'}
      onSubmit={(values) => save.mutateAsync(values).then(onDone)}
    >
      <FormProblem error={save.error} />
      <Row>
        <Col sm={6}>
          <TextField name="first_name" label="First name" maxLength={80} className="mb-2" />
        </Col>
        <Col sm={6}>
          <TextField
            name="last_name"
            label="Last name"
            isRequired
            maxLength={80}
            className="mb-2"
          />
        </Col>
      </Row>
      <TextField
        name="email"
        label="E-mail"
        type="email"
        maxLength={254}
        help="Without one, quotes cannot notify this contact."
        className="mb-2"
      />
      <Row>
        <Col sm={6}>
          <TextField name="phone" label="Phone" type="tel" maxLength={40} className="mb-2" />
        </Col>
        <Col sm={6}>
          <TextField name="title" label="Title" maxLength={120} className="mb-2" />
        </Col>
      </Row>
      <div className="d-flex gap-2">
        <SubmitButton isPending={save.isPending} className="btn-sm">
          Save contact
        </SubmitButton>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </AppForm>
  );
}

import {
  ZGlobalAccountAccountBody,
  ZGlobalAccountMemberBody,
  ZSaveGlobalAccountBody,
  ZSetGlobalAccountOwnerBody,
} from '@bastion/domain/global-accounts/schemas';
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import {
  useAddGroupAccount,
  useAddTeamMember,
  useGlobalAccountChoices,
  useSaveGlobalAccount,
  useSetGlobalAccountOwner,
  type GlobalAccountDetail,
  type Person,
} from '../api/global-accounts.ts';

/** A modal holding one form; closing is refused while the change runs. */
function FormModal<TIn extends FieldValues, TOut extends FieldValues>(props: {
  title: string;
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  error: unknown;
  isPending: boolean;
  submitText: string;
  onHide: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const { isPending, onHide } = props;
  return (
    <Modal
      show
      onHide={isPending ? undefined : onHide}
      dialogClassName="app-modal"
      centered
      aria-labelledby={`${formId}-title`}
    >
      <Modal.Header closeButton={!isPending}>
        <Modal.Title as="h2" className="h5" id={`${formId}-title`}>
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormProblem error={props.error} />
        <AppForm
          id={formId}
          form={props.form}
          error={props.error}
          onSubmit={props.onSubmit}
          aria-label={props.title}
        >
          {props.children}
        </AppForm>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={isPending}>
          Cancel
        </Button>
        <SubmitButton form={formId} isPending={isPending}>
          {props.submitText}
        </SubmitButton>
      </Modal.Footer>
    </Modal>
  );
}

/** Creates a group (no group given) or renames and describes one. */
export function EditGroupModal(props: {
  group: GlobalAccountDetail | null;
  onHide: () => void;
  onSaved: (group: GlobalAccountDetail) => void;
}) {
  const { group } = props;
  const save = useSaveGlobalAccount();
  const form = useZodForm(ZSaveGlobalAccountBody, {
    defaultValues: {
      id: group?.id ?? null,
      name: group?.name ?? '',
      description: group?.description ?? '',
    },
  });
  return (
    <FormModal
      title={group ? `Edit ${group.name}` : 'New global account'}
      form={form}
      error={save.error}
      isPending={save.isPending}
      submitText={group ? 'Save' : 'Create'}
      onHide={props.onHide}
      onSubmit={(values) =>
        save.mutate(values, {
          onSuccess: (saved) => {
            props.onSaved(saved);
            props.onHide();
          },
        })
      }
    >
      <TextField name="name" label="Name" isRequired maxLength={120} autoComplete="off" />
      <TextField
        name="description"
        label="Description"
        rows={3}
        maxLength={1000}
        help="What links these accounts: the customer group, its businesses and where they are."
      />
    </FormModal>
  );
}

const personLabel = (person: Person) => `${person.name} (${person.email})`;

/** The owner picker's schema: the empty choice means no owner. */
const ZOwnerForm = z.object({
  id: z.string(),
  owner_user_id: z.string(),
});

/** Chooses the GAM who leads the group (a GAM or GAM_GM), or none. */
export function OwnerModal(props: { group: GlobalAccountDetail; onHide: () => void }) {
  const { group } = props;
  const setOwner = useSetGlobalAccountOwner();
  const choices = useGlobalAccountChoices('', true);
  const form = useZodForm(ZOwnerForm, {
    defaultValues: { id: group.id, owner_user_id: group.owner?.id ?? '' },
  });
  return (
    <FormModal
      title={`Owner of ${group.name}`}
      form={form}
      error={setOwner.error}
      isPending={setOwner.isPending}
      submitText="Save owner"
      onHide={props.onHide}
      onSubmit={(values) => {
        // Checked as the server will: a person's id, or null for none.
        const body = ZSetGlobalAccountOwnerBody.parse({
          id: values.id,
          owner_user_id: values.owner_user_id === '' ? null : values.owner_user_id,
        });
        setOwner.mutate(body, { onSuccess: props.onHide });
      }}
    >
      <SelectField
        name="owner_user_id"
        label="Owner"
        emptyLabel={choices.isPending ? 'Loading people…' : 'No owner'}
        options={(choices.data?.people ?? []).map((person) => ({
          value: person.id,
          label: personLabel(person),
        }))}
        help="Only global account managers (GAM or GAM_GM) can own a global account. An owner on the team leaves it."
      />
    </FormModal>
  );
}

/** Adds a GAM or GAM_GM to the group's team. */
export function AddMemberModal(props: { group: GlobalAccountDetail; onHide: () => void }) {
  const { group } = props;
  const add = useAddTeamMember();
  const choices = useGlobalAccountChoices('', true);
  const form = useZodForm(ZGlobalAccountMemberBody, {
    defaultValues: { id: group.id, user_id: '' },
  });
  const taken = new Set([group.owner?.id, ...group.team.map((p) => p.id)]);
  const people = (choices.data?.people ?? []).filter((person) => !taken.has(person.id));
  return (
    <FormModal
      title={`Add to the team of ${group.name}`}
      form={form}
      error={add.error}
      isPending={add.isPending}
      submitText="Add to team"
      onHide={props.onHide}
      onSubmit={(values) => add.mutate(values, { onSuccess: props.onHide })}
    >
      <SelectField
        name="user_id"
        label="Person"
        isRequired
        emptyLabel={choices.isPending ? 'Loading people…' : 'Choose a person'}
        options={people.map((person) => ({ value: person.id, label: personLabel(person) }))}
        help="Team members see and quote for every account of the group."
      />
    </FormModal>
  );
}

/** Finds a customer account by name or id and adds it to the group. */
export function AddAccountModal(props: { group: GlobalAccountDetail; onHide: () => void }) {
  const { group } = props;
  const add = useAddGroupAccount();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const debounced = useDebouncedSearch(search);
  const choices = useGlobalAccountChoices(debounced, true);
  const form = useZodForm(ZGlobalAccountAccountBody, {
    defaultValues: { id: group.id, account_id: '' },
  });
  const accounts = choices.data?.accounts ?? [];
  return (
    <FormModal
      title={`Add an account to ${group.name}`}
      form={form}
      error={add.error}
      isPending={add.isPending}
      submitText="Add account"
      onHide={props.onHide}
      onSubmit={(values) => add.mutate(values, { onSuccess: props.onHide })}
    >
      <Form.Group className="mb-3" controlId={searchId}>
        <Form.Label>Find a customer account</Form.Label>
        <Form.Control
          type="search"
          value={search}
          maxLength={100}
          autoFocus
          placeholder="Name or CRM id"
          onChange={(event) => setSearch(event.target.value)}
        />
      </Form.Group>
      <SelectField
        name="account_id"
        label="Account"
        isRequired
        emptyLabel={
          choices.isPending
            ? 'Searching…'
            : accounts.length === 0
              ? 'No customer account matches'
              : 'Choose an account'
        }
        options={accounts.map((account) => ({
          value: account.id,
          label: `${account.name} — ${account.region || 'no region'}${account.country ? `, ${account.country}` : ''}${
            account.global_account_name ? ` (in ${account.global_account_name})` : ''
          }`,
          isDisabled: account.global_account_name !== null,
        }))}
        help="An account belongs to one global account at most; the first 20 matches are listed."
      />
    </FormModal>
  );
}

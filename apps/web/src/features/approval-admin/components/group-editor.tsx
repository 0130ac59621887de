import {
  ZGroupForm,
  type GroupFormInput,
  type GroupFormValues,
} from '@bastion/domain/approval-admin/schemas';
import Badge from 'react-bootstrap/Badge';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { EditorCallbacks } from '@/components/admin/editor-callbacks.ts';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  previewStampOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import {
  CheckboxListField,
  ChoiceFieldset,
  RadioGroupField,
} from '@/components/form/choice-fields.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import {
  useDeleteApprovalGroup,
  useSaveApprovalGroup,
  type ApprovalGroup,
  type MemberOptions,
} from '../api/groups.ts';

const valuesOf = (group: ApprovalGroup | null): GroupFormInput => ({
  name: group?.name ?? '',
  description: group?.description ?? '',
  is_global: group?.is_global ?? true,
  regions: group?.regions ?? [],
  users: group?.users.map(({ id, name, email }) => ({ id, name, email })) ?? [],
  roles: group?.roles ?? [],
  is_active: group?.is_active ?? true,
});

/** What a save sends, and the group the list shows until the server answers. */
function saveOf(group: ApprovalGroup | null, values: GroupFormValues) {
  const { users, ...fields } = values;
  const input = {
    ...versionOf(group),
    ...fields,
    regions: values.is_global ? [] : values.regions,
    user_ids: users.map((u) => u.id),
  };
  const preview: ApprovalGroup = {
    ...previewStampOf(group, values.name),
    ...input,
    users: users.map((u) => ({ ...u, is_disabled: false })),
    member_count: users.length + values.roles.length,
    rule_count: group?.rule_count ?? 0,
  };
  return { input, preview };
}

/** Creates or changes an approval group: name, where it applies, and its members. */
export function GroupEditor({
  group,
  options,
  onSaved,
  onDeleted,
  onCancel,
}: {
  group: ApprovalGroup | null;
  options: MemberOptions;
  onDeleted: (group: ApprovalGroup) => void;
} & EditorCallbacks<ApprovalGroup>) {
  const form = useZodForm(ZGroupForm, { defaultValues: valuesOf(group) });
  const save = useSaveApprovalGroup();
  const remove = useDeleteApprovalGroup();
  const removal = { mutation: remove, question: 'Delete this group?', onDone: onDeleted };
  const isGlobal = useWatch({ control: form.control, name: 'is_global' });

  return (
    <EditorForm
      form={form}
      {...recordEditorProps(group, { noun: 'group', name: group?.name }, { save, remove: removal })}
      onCancel={onCancel}
      onSubmit={(values) => save.mutateAsync(saveOf(group, values)).then(onSaved)}
    >
      <TextField
        name="name"
        label="Group name"
        isRequired
        maxLength={120}
        placeholder="e.g. EMEA finance"
      />
      <TextField
        name="description"
        label={
          <>
            What the group checks <span className="text-body-secondary">(optional)</span>
          </>
        }
        maxLength={500}
      />
      <RadioGroupField
        name="is_global"
        legend="Applies to"
        className="mb-1"
        options={[
          { value: true, label: 'Quotes of every region (global)' },
          { value: false, label: 'Only quotes of these regions' },
        ]}
      />
      {isGlobal ? (
        <Form.Text className="d-block mb-3">
          A regional group is asked only about quotes of its regions, even when a rule names it.
        </Form.Text>
      ) : (
        <CheckboxListField
          name="regions"
          legend={<span className="visually-hidden">Regions</span>}
          className="ms-4 mb-3"
          options={options.regions.map((region) => ({ value: region, label: region }))}
          help="A regional group is asked only about quotes of its regions, even when a rule names it."
        />
      )}
      <MembersPicker options={options} />
      <CheckboxField
        name="is_active"
        className="mb-3"
        label={
          <>
            Active{' '}
            <span className="text-body-secondary small">
              (an inactive group is never asked, even when a rule names it)
            </span>
          </>
        }
      />
      {group && group.rule_count > 0 ? (
        <p className="small">
          <Badge bg="info" text="dark" className="me-1">
            {group.rule_count}
          </Badge>
          active {group.rule_count === 1 ? 'rule requires' : 'rules require'} this group.
        </p>
      ) : null}
    </EditorForm>
  );
}

/** The users and roles who approve for the group: picked from two lists, shown as chips. */
function MembersPicker({ options }: { options: MemberOptions }) {
  const { control } = useFormContext<GroupFormInput>();
  const users = useController({ control, name: 'users' }).field;
  const roles = useController({ control, name: 'roles' }).field;
  const error = useFieldMessage('members', 'user_ids', 'roles', 'users');
  // A change answers the message about the members (zod's or the server's) until the next save.
  const { clearErrors } = useFormContext();
  const chosenUsers = users.value;
  const chosenRoles = roles.value ?? [];
  const setUsers = (next: GroupFormInput['users']) => {
    clearErrors(['members', 'user_ids', 'users', 'roles']);
    users.onChange(next);
  };
  const setRoles = (next: string[]) => {
    clearErrors(['members', 'user_ids', 'users', 'roles']);
    roles.onChange(next);
  };
  const availableUsers = options.users.filter((u) => !chosenUsers.some((c) => c.id === u.id));
  const availableRoles = options.roles.filter((r) => !chosenRoles.includes(r));
  return (
    <ChoiceFieldset legend="Members" error={error}>
      <p className="small text-body-secondary mb-2">
        Any one member may approve for the group: the users named here, and everyone holding one of
        the roles (in the quote’s region when their role is limited to regions).
      </p>
      <div className="row g-2 mb-2">
        <div className="col-12 col-md-6">
          <Form.Select
            aria-label="Add a user"
            value=""
            onChange={(e) => {
              const user = options.users.find((u) => u.id === e.target.value);
              if (user) setUsers([...chosenUsers, user]);
            }}
          >
            <option value="">Add a user…</option>
            {availableUsers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-12 col-md-6">
          <Form.Select
            aria-label="Add a role"
            value=""
            onChange={(e) => {
              if (e.target.value) setRoles([...chosenRoles, e.target.value]);
            }}
          >
            <option value="">Add everyone with a role…</option>
            {availableRoles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Chosen members">
        {chosenUsers.map((u) => (
          <li key={u.id} className="member-chip">
            <i className="bi bi-person me-1" aria-hidden="true" />
            {u.name}
            <CloseButton
              className="ms-2"
              aria-label={`Remove ${u.name}`}
              onClick={() => setUsers(chosenUsers.filter((c) => c.id !== u.id))}
            />
          </li>
        ))}
        {chosenRoles.map((r) => (
          <li key={r} className="member-chip">
            <i className="bi bi-people me-1" aria-hidden="true" />
            Role {r}
            <CloseButton
              className="ms-2"
              aria-label={`Remove role ${r}`}
              onClick={() => setRoles(chosenRoles.filter((c) => c !== r))}
            />
          </li>
        ))}
        {chosenUsers.length + chosenRoles.length === 0 ? (
          <li className="small text-body-secondary">No members yet.</li>
        ) : null}
      </ul>
    </ChoiceFieldset>
  );
}

import { ZCreateUserBody } from '@bastion/domain/accounts/user-admin-schemas';
import type { RoleEntry } from '@bastion/domain/permissions/roles';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useCreateUser, type UserDetail } from '../api/users.ts';
import { RolesEditor } from './roles-editor.tsx';
import { UserFields } from './user-fields.tsx';

type NewUserValues = z.input<typeof ZCreateUserBody>;

const EMPTY_USER: NewUserValues = {
  email: '',
  first_name: '',
  last_name: '',
  id_provider: 'Local',
  is_approver: false,
  roles: [],
  send_password: true,
};

/** Only Local users have a password to set; Google users sign in with Google at once. */
function SendPasswordField() {
  const provider = useWatch<NewUserValues, 'id_provider'>({ name: 'id_provider' });
  if (provider !== 'Local') {
    return (
      <p className="small text-body-secondary">
        The user signs in with the Google account of this e-mail address; there is no password to
        send.
      </p>
    );
  }
  return (
    <CheckboxField
      name="send_password"
      label="E-mail a link to set the password"
      help="The user gets an e-mail with a single-use link to choose their password. Without it, they can use “Forgot password?” on the sign-in page."
    />
  );
}

/** The new-user panel's form: on success the caller opens the new user's page. */
export function NewUserForm(props: {
  actorRoles: readonly RoleEntry[];
  /** `isLinkSent`: a set-password link went to the user. */
  onCreated: (user: UserDetail, isLinkSent: boolean) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(ZCreateUserBody, {
    defaultValues: EMPTY_USER,
    // Checked on save, then as fields change: a check run by leaving a role's select would
    // redraw the region boxes with stale values and swallow the click that left it.
    mode: 'onSubmit',
  });
  const create = useCreateUser();
  return (
    <EditorForm
      form={form}
      aria-label="New user"
      error={create.error}
      isPending={create.isPending}
      submitText="Create user"
      onCancel={props.onCancel}
      onSubmit={(values) => {
        const isLinkSent = values.id_provider === 'Local' && values.send_password;
        return create
          .mutateAsync({ ...values, send_password: isLinkSent })
          .then((user) => props.onCreated(user, isLinkSent));
      }}
    >
      <TextField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="off"
        isRequired
        help="The user signs in with this address. It cannot be changed later."
      />
      <UserFields />
      <RolesEditor actorRoles={props.actorRoles} />
      <SendPasswordField />
    </EditorForm>
  );
}

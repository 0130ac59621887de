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
  is_service_account: false,
};

/** Only Local users have a password to set; Google users sign in with Google at once. */
function SendPasswordField() {
  const provider = useWatch<NewUserValues, 'id_provider'>({ name: 'id_provider' });
  const isServiceAccount = useWatch<NewUserValues, 'is_service_account'>({
    name: 'is_service_account',
  });
  if (isServiceAccount) {
    return (
      <p className="small text-body-secondary">
        A service account never signs in: once it is created, make it an API token on its page.
      </p>
    );
  }
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

function NewUserFields() {
  const isServiceAccount = useWatch<NewUserValues, 'is_service_account'>({
    name: 'is_service_account',
  });
  return <UserFields isServiceAccount={isServiceAccount === true} />;
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
        // A program's account signs in with tokens only: no provider choice, link or approving.
        const input = values.is_service_account
          ? { ...values, id_provider: 'Local' as const, is_approver: false, send_password: false }
          : values;
        const isLinkSent = input.id_provider === 'Local' && input.send_password;
        return create
          .mutateAsync({ ...input, send_password: isLinkSent })
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
      <CheckboxField
        name="is_service_account"
        label="Service account"
        help="For a program, such as the order system or the CRM, that calls the Bastion CPQ API with tokens. It never signs in and cannot approve; its roles limit what it may read and change, as for a person."
        className="mb-3"
      />
      <NewUserFields />
      <RolesEditor actorRoles={props.actorRoles} />
      <SendPasswordField />
    </EditorForm>
  );
}

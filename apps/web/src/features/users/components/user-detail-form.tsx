import { ZUpdateUserBody } from '@bastion/domain/accounts/user-admin-schemas';
import type { RoleEntry } from '@bastion/domain/permissions/roles';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { z } from 'zod';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useUpdateUser, type UserDetail } from '../api/users.ts';
import { RolesEditor } from './roles-editor.tsx';
import { UserFields } from './user-fields.tsx';

type DetailValues = z.input<typeof ZUpdateUserBody>;

const valuesOf = (user: UserDetail): DetailValues => ({
  email: user.email,
  version: user.version,
  first_name: user.first_name,
  last_name: user.last_name,
  id_provider: user.id_provider,
  is_approver: user.is_approver,
  roles: user.roles
    .filter((role) => !role.is_deligated_role)
    .map(({ value, assignment, assignment_value }) => ({ value, assignment, assignment_value })),
});

/**
 * The user's name, sign-in, approver flag and roles, saved at the version the page was opened
 * at: a save over someone else's newer change is refused (409) and says so, with a way to load it.
 * The page keys this form by version, so a newer version read from the server starts it afresh.
 */
export function UserDetailForm(props: {
  user: UserDetail;
  actorRoles: readonly RoleEntry[];
  onSaved: (user: UserDetail) => void;
  onReload: () => void;
}) {
  const { user } = props;
  const form = useZodForm(ZUpdateUserBody, {
    defaultValues: valuesOf(user),
    // As the new-user form: checked on save, then as fields change (see there).
    mode: 'onSubmit',
  });
  const update = useUpdateUser();
  const conflict = isApiError(update.error) && update.error.status === 409 ? update.error : null;
  return (
    <AppForm
      form={form}
      aria-label="User details and roles"
      error={update.error}
      leaveGuard={`the user ${user.email}`}
      onSubmit={(values) => update.mutateAsync(values).then(props.onSaved)}
    >
      {conflict ? (
        <Alert variant="warning" role="alert">
          <p className="mb-2">Nothing was saved. {conflict.message}</p>
          <Button size="sm" variant="outline-dark" onClick={props.onReload}>
            Load their changes (yours are discarded)
          </Button>
        </Alert>
      ) : (
        <FormProblem error={update.error} />
      )}
      <UserFields isServiceAccount={user.is_service_account} />
      <RolesEditor actorRoles={props.actorRoles} delegatedRoles={user.delegated_roles} />
      <div className="d-flex gap-2 border-top pt-3">
        <SubmitButton isPending={update.isPending}>Save changes</SubmitButton>
        <Button
          variant="outline-secondary"
          disabled={!form.formState.isDirty}
          onClick={() => {
            update.reset();
            form.reset(valuesOf(user));
          }}
        >
          Undo changes
        </Button>
      </div>
    </AppForm>
  );
}

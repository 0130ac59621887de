import { ZSignInPolicyBody } from '@bastion/domain/accounts/user-admin-schemas';
import { ROLE_VALUES, type RoleValue } from '@bastion/domain/permissions/roles';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { CheckboxListField } from '@/components/form/choice-fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useSignInPolicy, useUpdateSignInPolicy } from '../api/users.ts';

const ROLE_OPTIONS = ROLE_VALUES.map((role) => ({ value: role, label: role }));

function PolicyForm(props: {
  required: RoleValue[];
  onSaved: (roles: RoleValue[]) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(ZSignInPolicyBody, {
    defaultValues: { mfa_required_roles: props.required },
  });
  const update = useUpdateSignInPolicy();
  return (
    <EditorForm
      form={form}
      aria-label="Sign-in policy"
      error={update.error}
      isPending={update.isPending}
      submitText="Save policy"
      onCancel={props.onCancel}
      onSubmit={(values) =>
        update.mutateAsync(values).then((saved) => props.onSaved(saved.mfa_required_roles))
      }
    >
      <p className="small">
        Users holding any role ticked here must sign in with a password <em>and</em> a code from an
        authenticator app. Those who have not set one up yet are asked to, before they can open any
        page.
      </p>
      <Alert variant="info" className="small py-2">
        Recommended in production: at least <strong>ROOT_ADMIN</strong> and{' '}
        <strong>USER_ADMIN</strong>, whose accounts can change everyone else&apos;s.
      </Alert>
      <CheckboxListField
        name="mfa_required_roles"
        legend="Roles that must use two-step sign-in"
        options={ROLE_OPTIONS}
        listClassName="row row-cols-2 g-0"
      />
    </EditorForm>
  );
}

/** The sign-in policy panel (root admins): which roles must use a second factor. */
export function SignInPolicyPanel(props: {
  onSaved: (roles: RoleValue[]) => void;
  onCancel: () => void;
}) {
  const policy = useSignInPolicy(true);
  if (policy.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the sign-in policy" />;
  }
  if (policy.isError) {
    return (
      <Alert variant="danger" role="alert">
        {policy.error.message}
      </Alert>
    );
  }
  return <PolicyForm required={policy.data.mfa_required_roles} {...props} />;
}

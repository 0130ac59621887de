import { ZResetPasswordForm } from '@bastion/domain/auth/schemas';
import { MIN_PASSWORD_LENGTH } from '@bastion/domain/validation/password';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard, BackToSignIn } from '../components/auth-card.tsx';
import { AuthForm } from '../components/auth-form.tsx';
import { useFocusOnMount } from '../components/use-focus-on-mount.ts';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  // Judge the entry only once the user has tried to submit it, not while they type.
  const form = useZodForm(ZResetPasswordForm, {
    mode: 'onSubmit',
    defaultValues: { password: '', confirmation: '' },
  });
  useFocusOnMount(form, 'password');

  if (!token) {
    return (
      <AuthCard title="Choose a new password" footer={<BackToSignIn />}>
        <Alert variant="warning" role="alert" className="mb-0">
          This reset link is incomplete. Open the link from the e-mail again, or{' '}
          <Link to="/forgot">ask for a new one</Link>.
        </Alert>
      </AuthCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Choose a new password" footer={<BackToSignIn />}>
        <Alert variant="success" role="alert" className="mb-3">
          Your password has been changed. You can now sign in with it.
        </Alert>
        <Link to="/login" className="btn btn-primary w-100">
          Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" footer={<BackToSignIn />}>
      <AuthForm
        form={form}
        request={resetPassword}
        serverFields={['password']}
        submitText="Change password"
        onSubmit={({ password }) => resetPassword.mutate({ token, password })}
      >
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          help={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <TextField
          name="confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          className="mb-4"
        />
      </AuthForm>
    </AuthCard>
  );
}

import { ZForgotPasswordBody } from '@bastion/domain/auth/schemas';
import Alert from 'react-bootstrap/Alert';
import { TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard, BackToSignIn } from '../components/auth-card.tsx';
import { AuthForm } from '../components/auth-form.tsx';
import { useFocusOnMount } from '../components/use-focus-on-mount.ts';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const form = useZodForm(ZForgotPasswordBody, {
    // Judged on submit: leaving the field (for the link below) must not move the page under the click.
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });
  useFocusOnMount(form, 'email');

  return (
    <AuthCard title="Reset your password" footer={<BackToSignIn />}>
      {requestReset.isSuccess ? (
        // Same answer whether or not the account exists, so the page reveals no accounts.
        <Alert variant="success" role="alert" className="mb-0">
          If an account exists for that address, we have sent instructions.
        </Alert>
      ) : (
        <>
          <p className="text-body-secondary">
            Enter the e-mail address you sign in with and we will send you a link to choose a new
            password.
          </p>
          <AuthForm
            form={form}
            request={requestReset}
            serverFields={['email']}
            submitText="Send instructions"
            onSubmit={({ email }) => requestReset.mutate(email)}
          >
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              className="mb-4"
            />
          </AuthForm>
        </>
      )}
    </AuthCard>
  );
}

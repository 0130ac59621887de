import { ZOtpForm } from '@bastion/domain/auth/schemas';
import Button from 'react-bootstrap/Button';
import { TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthForm } from './auth-form.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

/**
 * The multi-factor-login step of the sign-in page (spec §2): the password was right, and the
 * account has two-step sign-in, so the app's code (or a recovery code) completes it.
 */
export function CodeStep({
  email,
  request,
  onSubmit,
  onBack,
}: {
  email: string;
  request: { isError: boolean; error: unknown; isPending: boolean };
  onSubmit: (otp: string, onRefused: (error: unknown) => void) => void;
  onBack: () => void;
}) {
  const form = useZodForm(ZOtpForm, { mode: 'onSubmit', defaultValues: { otp: '' } });
  useFocusOnMount(form, 'otp', true);
  return (
    <AuthCard
      title="Two-step sign-in"
      footer={
        <Button variant="link" className="link-secondary p-0" onClick={onBack}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to sign in
        </Button>
      }
    >
      <p>
        Enter the 6-digit code your authenticator app shows for <strong>{email}</strong>.
      </p>
      <AuthForm
        form={form}
        request={request}
        submitText="Verify"
        onSubmit={({ otp }) =>
          // The alert above says why; the field starts empty for the next code.
          onSubmit(otp, () => form.resetField('otp'))
        }
      >
        <TextField
          name="otp"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={32}
          help="Lost your phone? Enter one of your recovery codes instead."
          className="mb-4"
        />
      </AuthForm>
    </AuthCard>
  );
}

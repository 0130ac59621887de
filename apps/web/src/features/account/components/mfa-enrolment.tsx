import { ZMfaCodeBody } from '@bastion/domain/auth/schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useNewAuthenticator, useUpdateMfaEnabled } from '../api/account-security.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import './account.css';

/** The base32 secret in groups of four, as authenticator apps ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Turning two-step sign-in on: scan the QR code (or type the secret), enter the app's code,
 * then keep the recovery codes. Used by the security tab and the enrolment step the sign-in
 * policy requires.
 */
export function MfaEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const newAuthenticator = useNewAuthenticator();
  const turnOn = useUpdateMfaEnabled();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useZodForm(ZMfaCodeBody, { mode: 'onSubmit', defaultValues: { code: '' } });

  // Both steps offer the way out, where there is one.
  const cancelButton = onCancel ? (
    <Button variant="outline-secondary" onClick={onCancel}>
      Cancel
    </Button>
  ) : null;

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneText="Continue" />;

  const authenticator = newAuthenticator.data;
  if (!authenticator) {
    return (
      <div>
        <FormProblem error={newAuthenticator.error} />
        <p>
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator or 1Password. Bastion CPQ then asks for the app&apos;s 6-digit code each
          time you sign in with your password.
        </p>
        <div className="d-flex gap-2">
          <Button onClick={() => newAuthenticator.mutate({})} disabled={newAuthenticator.isPending}>
            <i className="bi bi-qr-code me-1" aria-hidden="true" />
            Set up authenticator app
          </Button>
          {cancelButton}
        </div>
      </div>
    );
  }

  return (
    <div className="mfa-enrolment">
      <ol className="mfa-steps">
        <li>
          <p className="mb-2">Scan this QR code with your authenticator app.</p>
          <img
            src={authenticator.qr}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="mfa-qr border rounded"
          />
          <p className="small text-body-secondary mt-2 mb-0">
            Cannot scan? Add an account by hand with this key:
          </p>
          <code className="mfa-secret" data-testid="mfa-secret">
            {grouped(authenticator.secret)}
          </code>
        </li>
        <li>
          <AppForm
            form={form}
            error={turnOn.error}
            serverFields={['code']}
            onSubmit={({ code }) =>
              turnOn.mutate(
                { enabled: true, code },
                { onSuccess: (answer) => setCodes(answer.recovery_codes) },
              )
            }
          >
            <TextField
              name="code"
              label="6-digit code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              className="mfa-code-field"
            />
            {turnOn.error && !form.formState.errors.code ? (
              <FormProblem error={turnOn.error} />
            ) : null}
            <div className="d-flex gap-2">
              <SubmitButton isPending={turnOn.isPending}>Turn on two-step sign-in</SubmitButton>
              {cancelButton}
            </div>
          </AppForm>
        </li>
      </ol>
    </div>
  );
}

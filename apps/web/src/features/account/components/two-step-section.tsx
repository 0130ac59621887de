import { ZMfaCodeBody } from '@bastion/domain/auth/schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  type MfaStatus,
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useUpdateMfaEnabled,
} from '../api/account-security.ts';
import { MfaEnrolment } from './mfa-enrolment.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { dayOf } from './when.ts';
import { AccountCard, AccountNotice } from './account-card.tsx';

type Mode = 'idle' | 'enrol' | 'turn-off' | 'new-codes';

/** Two-step sign-in on the security tab: its state, and turning it on or off. */
export function TwoStepSection() {
  const status = useMfaStatus();
  return (
    <AccountCard title="Two-step sign-in">
      <LoadState query={status} what="your two-step sign-in">
        {(data) => <TwoStepBody status={data} />}
      </LoadState>
    </AccountCard>
  );
}

function TwoStepBody({ status }: { status: MfaStatus }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setMode('idle');
    setNotice(message);
  };

  if (!status.can_use_mfa) {
    return (
      <p className="mb-0">
        Your account signs in with Google. Two-step verification is set up in your Google account.
      </p>
    );
  }
  if (mode === 'enrol') {
    return (
      <MfaEnrolment
        onDone={() => done('Two-step sign-in is on.')}
        onCancel={() => setMode('idle')}
      />
    );
  }
  if (mode === 'turn-off' || mode === 'new-codes') {
    return <CodeConfirmation mode={mode} onDone={done} onCancel={() => setMode('idle')} />;
  }
  return (
    <>
      <AccountNotice notice={notice} onClose={() => setNotice(null)} />
      {status.mfa_enabled ? (
        <>
          <p>
            <span className="badge text-bg-success me-2">On</span>
            Signing in with your password also asks for a code from your authenticator app.
            {status.enabled_at ? ` Turned on ${dayOf(status.enabled_at)}.` : null}
          </p>
          <p className="text-body-secondary">
            {status.recovery_codes_left} of 10 recovery codes left.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-primary" onClick={() => setMode('new-codes')}>
              New recovery codes
            </Button>
            {status.required_by_policy ? null : (
              <Button variant="outline-danger" onClick={() => setMode('turn-off')}>
                Turn off
              </Button>
            )}
          </div>
          {status.required_by_policy ? (
            <p className="small text-body-secondary mt-2 mb-0">
              Your role requires two-step sign-in, so it cannot be turned off.
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p>
            <span className="badge text-bg-secondary me-2">Off</span>
            Protect your account: with two-step sign-in, a stolen password is not enough to sign in
            as you.
          </p>
          <Button onClick={() => setMode('enrol')}>Turn on two-step sign-in</Button>
        </>
      )}
    </>
  );
}

/** Turning off, or replacing the recovery codes: both need a current code first. */
function CodeConfirmation({
  mode,
  onDone,
  onCancel,
}: {
  mode: 'turn-off' | 'new-codes';
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const turnOff = useUpdateMfaEnabled();
  const regenerate = useRegenerateRecoveryCodes();
  const request = mode === 'turn-off' ? turnOff : regenerate;
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useZodForm(ZMfaCodeBody, { mode: 'onSubmit', defaultValues: { code: '' } });
  if (codes) {
    return (
      <RecoveryCodes codes={codes} onDone={() => onDone('Your new recovery codes are ready.')} />
    );
  }
  return (
    <AppForm
      form={form}
      error={request.error}
      serverFields={['code']}
      onSubmit={({ code }) => {
        if (mode === 'turn-off') {
          turnOff.mutate(
            { enabled: false, code },
            { onSuccess: () => onDone('Two-step sign-in is off.') },
          );
        } else {
          regenerate.mutate({ code }, { onSuccess: (answer) => setCodes(answer.recovery_codes) });
        }
      }}
    >
      <p>
        {mode === 'turn-off'
          ? 'To turn two-step sign-in off, confirm with a code from your authenticator app or a recovery code.'
          : 'New codes replace all your old ones. Confirm with a code from your authenticator app or a recovery code.'}
      </p>
      <TextField
        name="code"
        label="Code"
        autoComplete="one-time-code"
        maxLength={32}
        className="mfa-code-field"
      />
      {request.error && !form.formState.errors.code ? <FormProblem error={request.error} /> : null}
      <div className="d-flex gap-2">
        <SubmitButton
          isPending={request.isPending}
          variant={mode === 'turn-off' ? 'danger' : 'primary'}
        >
          {mode === 'turn-off' ? 'Turn off' : 'Make new codes'}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </AppForm>
  );
}

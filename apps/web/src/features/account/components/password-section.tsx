import { ZChangePasswordForm } from '@bastion/domain/auth/schemas';
import { useState } from 'react';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useChangePassword } from '../api/account-security.ts';
import { AccountCard, AccountNotice } from './account-card.tsx';

const EMPTY = { current_password: '', new_password: '', confirmation: '' };

/** Changing one's password with the current one; every other session ends with it. */
export function PasswordSection() {
  const change = useChangePassword();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useZodForm(ZChangePasswordForm, { defaultValues: EMPTY });
  return (
    <AccountCard title="Password">
      <AccountNotice notice={notice} onClose={() => setNotice(null)} />
      <FormProblem error={change.error} />
      <AppForm
        form={form}
        error={change.error}
        className="password-form"
        onSubmit={({ current_password, new_password }) =>
          change.mutate(
            { current_password, new_password },
            {
              onSuccess: ({ signed_out_elsewhere }) => {
                form.reset(EMPTY);
                setNotice(
                  signed_out_elsewhere > 0
                    ? `Your password is changed, and ${signed_out_elsewhere} other session${signed_out_elsewhere === 1 ? ' was' : 's were'} signed out.`
                    : 'Your password is changed.',
                );
              },
            },
          )
        }
      >
        <TextField
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          name="new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          help="At least 12 characters. Other sessions are signed out when it changes."
        />
        <TextField
          name="confirmation"
          label="New password again"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton isPending={change.isPending}>Change password</SubmitButton>
      </AppForm>
    </AccountCard>
  );
}

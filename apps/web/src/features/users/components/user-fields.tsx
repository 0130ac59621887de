import { ID_PROVIDERS } from '@bastion/domain/accounts/user-admin-schemas';
import { RadioGroupField } from '@/components/form/choice-fields.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';

const PROVIDER_OPTIONS = ID_PROVIDERS.map((provider) => ({
  value: provider,
  label:
    provider === 'Local'
      ? 'Password (Local): the user sets a password of their own'
      : 'Google: the user signs in with their Google account',
}));

/**
 * Name, how the user signs in, and whether they approve quotes: both user forms show these. A
 * service account has a name only: it calls the API with tokens and approves nothing.
 */
export function UserFields({ isServiceAccount = false }: { isServiceAccount?: boolean }) {
  return (
    <>
      <div className="row g-2">
        <TextField
          name="first_name"
          label="First name"
          autoComplete="off"
          maxLength={100}
          className="col-sm-6 mb-3"
        />
        <TextField
          name="last_name"
          label="Last name"
          autoComplete="off"
          maxLength={100}
          className="col-sm-6 mb-3"
        />
      </div>
      {isServiceAccount ? null : (
        <>
          <RadioGroupField name="id_provider" legend="Signs in with" options={PROVIDER_OPTIONS} />
          <CheckboxField
            name="is_approver"
            label="Approver"
            help="Can be chosen to approve quotes in approval groups."
            className="mb-3"
          />
        </>
      )}
    </>
  );
}

import { ZAccountForm, type AccountFormValues } from '@bastion/domain/crm/schemas';
import { useEffect, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { availableWhen } from '@/components/form/available-when.ts';
import { CheckboxField, FieldSection, SelectField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useCrmAccount, useSaveCrmAccount, type CrmAccount } from '../api/crm-accounts.ts';
import { ContactsEditor } from './contacts-editor.tsx';
import { PaymentTermFields } from './payment-term-fields.tsx';
import { loadedEditor, RecordForm, type RecordEditorProps } from './record-list-parts.tsx';
import { ACCOUNT_KINDS, PARTNER_TYPES, REGION_OPTIONS, textOf } from './record-options.ts';

type AddressPart = 'street' | 'city' | 'state' | 'postal_code' | 'country';
const ADDRESS_PARTS: readonly { part: AddressPart; label: string; maxLength: number }[] = [
  { part: 'street', label: 'Street', maxLength: 255 },
  { part: 'city', label: 'City', maxLength: 120 },
  { part: 'postal_code', label: 'Postal code', maxLength: 40 },
  { part: 'state', label: 'State or province', maxLength: 120 },
  { part: 'country', label: 'Country', maxLength: 120 },
];

function valuesOf(a: CrmAccount | null): AccountFormValues {
  return {
    ...(a ? { id: a.id } : {}),
    name: a?.name ?? '',
    kind: a?.kind ?? 'CUSTOMER',
    region: (a?.region ?? '') as AccountFormValues['region'],
    country: a?.country ?? '',
    billing_street: a?.billing_street ?? '',
    billing_city: a?.billing_city ?? '',
    billing_state: a?.billing_state ?? '',
    billing_postal_code: a?.billing_postal_code ?? '',
    billing_country: a?.billing_country ?? '',
    shipping_street: a?.shipping_street ?? '',
    shipping_city: a?.shipping_city ?? '',
    shipping_state: a?.shipping_state ?? '',
    shipping_postal_code: a?.shipping_postal_code ?? '',
    shipping_country: a?.shipping_country ?? '',
    payment_term_days: textOf(a?.payment_term_days),
    payment_term_name: a?.payment_term_name ?? '',
    partner_type: (a?.partner_type ?? '') as AccountFormValues['partner_type'],
    is_public_sector: a?.is_public_sector ?? false,
    segment: a?.segment ?? '',
  };
}

/** The account edit panel's content: loads the account (none for a new one). */
export const AccountForm = loadedEditor({
  useRecord: useCrmAccount,
  what: 'the account',
  Editor: AccountEditor,
});

function AccountEditor({
  record: account,
  onSaved,
  onCancel,
}: RecordEditorProps<CrmAccount, (account: CrmAccount, isCreated: boolean) => void>) {
  const form = useZodForm(ZAccountForm, { defaultValues: valuesOf(account) });
  const save = useSaveCrmAccount();

  return (
    <>
      {account ? (
        <div className="small text-body-secondary mb-3">
          <code>{account.id}</code>
        </div>
      ) : null}
      <RecordForm
        form={form}
        save={save}
        aria-label="Account"
        onSaved={(saved) => onSaved(saved, account === null)}
        onCancel={onCancel}
        cancelText={account ? 'Close' : 'Cancel'}
      >
        <AccountFields isExisting={account !== null} />
        <AddressFields prefix="billing" title="Billing address" />
        <AddressFields prefix="shipping" title="Shipping address" action={<SameAsBilling />} />
      </RecordForm>
      <div className="border-top pt-3 mt-3">
        {account ? (
          <ContactsEditor account={account} />
        ) : (
          <Alert variant="light" className="mb-0">
            Save the account first, then add its contacts here.
          </Alert>
        )}
      </div>
    </>
  );
}

function AccountFields({ isExisting }: { isExisting: boolean }) {
  const { control, setValue } = useFormContext<AccountFormValues>();
  const isPartner = useWatch({ control, name: 'kind' }) === 'PARTNER';
  // Only partners have a programme level.
  useEffect(() => {
    if (!isPartner) setValue('partner_type', '');
  }, [isPartner, setValue]);
  return (
    <FieldSection title="Account">
      <TextField name="name" label="Name" isRequired maxLength={255} />
      <FieldRow widths={[6, 6]}>
        <SelectField
          name="kind"
          label="Kind"
          isRequired
          options={ACCOUNT_KINDS}
          help={isExisting ? 'An account in use by opportunities keeps its kind.' : undefined}
        />
        <SelectField
          name="partner_type"
          label="Partner type"
          {...availableWhen(isPartner, 'None (Authorized on quotes)', 'Partners only')}
          options={PARTNER_TYPES}
        />
      </FieldRow>
      <FieldRow widths={[7, 5]}>
        <SelectField name="region" label="Region" emptyLabel="None" options={REGION_OPTIONS} />
        <TextField
          name="country"
          label="Country code"
          maxLength={2}
          placeholder="US"
          help="Two letters (ISO)."
        />
      </FieldRow>
      <PaymentTermFields />
      <TextField
        name="segment"
        label="Segment"
        maxLength={80}
        placeholder="Public sector"
        help="Price books made for a segment price this account's quotes (e.g. Public sector, Education)."
      />
      <CheckboxField name="is_public_sector" label="Public sector" />
    </FieldSection>
  );
}

function SameAsBilling() {
  const { getValues, setValue } = useFormContext<AccountFormValues>();
  const copy = () => {
    for (const { part } of ADDRESS_PARTS) {
      setValue(`shipping_${part}`, getValues(`billing_${part}`), { shouldDirty: true });
    }
  };
  return (
    <Button size="sm" variant="link" className="p-0 mb-2" onClick={copy}>
      Same as billing
    </Button>
  );
}

function AddressFields(props: {
  prefix: 'billing' | 'shipping';
  title: string;
  action?: ReactNode;
}) {
  const [street, city, postalCode, state, country] = ADDRESS_PARTS.map(
    ({ part, label, maxLength }) => (
      <TextField key={part} name={`${props.prefix}_${part}`} label={label} maxLength={maxLength} />
    ),
  );
  return (
    <FieldSection title={props.title}>
      {props.action}
      {street}
      <FieldRow widths={[7, 5]}>
        {city}
        {postalCode}
      </FieldRow>
      <FieldRow widths={[6, 6]}>
        {state}
        {country}
      </FieldRow>
    </FieldSection>
  );
}

import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import {
  useCrmAccount,
  useSaveCrmAccount,
  type CrmAccount,
  type CrmAccountInput,
  type CrmAccountKind,
} from '../api/crm-accounts.ts';
import { ContactsEditor } from './contacts-editor.tsx';
import {
  CheckField,
  daysOrNull,
  FieldSection,
  fieldErrorsOf,
  SaveProblem,
  SelectField,
  TextField,
  textOf,
  type FieldErrors,
} from './record-form-controls.tsx';
import { ACCOUNT_KINDS, PARTNER_TYPES, REGIONS } from './record-options.ts';

type Draft = Omit<
  CrmAccountInput,
  'id' | 'payment_term_days' | 'payment_term_name' | 'partner_type'
> & {
  payment_term_days: string;
  payment_term_name: string;
  partner_type: string;
};

type AddressPart = 'street' | 'city' | 'state' | 'postal_code' | 'country';
const ADDRESS_LABELS: Record<AddressPart, string> = {
  street: 'Street',
  city: 'City',
  state: 'State or province',
  postal_code: 'Postal code',
  country: 'Country',
};

function draftOf(a: CrmAccount | null): Draft {
  return {
    name: a?.name ?? '',
    kind: a?.kind ?? 'CUSTOMER',
    region: a?.region ?? '',
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
    partner_type: a?.partner_type ?? '',
    is_public_sector: a?.is_public_sector ?? false,
  };
}

function inputOf(draft: Draft, id: string | null): CrmAccountInput {
  return {
    ...draft,
    ...(id ? { id } : {}),
    payment_term_days: daysOrNull(draft.payment_term_days),
    payment_term_name: draft.payment_term_name.trim() || null,
    // Only partners have a programme level.
    partner_type: draft.kind === 'PARTNER' ? draft.partner_type || null : null,
  };
}

/** The account edit panel's content: loads the account (none for a new one). */
export function AccountForm(props: {
  id: string | null;
  onSaved: (account: CrmAccount, isCreated: boolean) => void;
  onCancel: () => void;
}) {
  const account = useCrmAccount(props.id);
  if (props.id === null) return <AccountEditor account={null} {...props} />;
  if (account.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the account" />;
  }
  if (account.isError) {
    return <ErrorScreen error={account.error} onRetry={() => void account.refetch()} />;
  }
  return <AccountEditor key={account.data.id} account={account.data} {...props} />;
}

function AccountEditor({
  account,
  onSaved,
  onCancel,
}: {
  account: CrmAccount | null;
  onSaved: (account: CrmAccount, isCreated: boolean) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(account));
  const save = useSaveCrmAccount();
  const errors = fieldErrorsOf(save.error);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(inputOf(draft, account?.id ?? null), {
      onSuccess: (saved) => onSaved(saved, account === null),
    });
  };

  const copyBillingToShipping = () =>
    setDraft((current) => ({
      ...current,
      shipping_street: current.billing_street,
      shipping_city: current.billing_city,
      shipping_state: current.billing_state,
      shipping_postal_code: current.billing_postal_code,
      shipping_country: current.billing_country,
    }));

  return (
    <>
      {account ? (
        <div className="small text-body-secondary mb-3">
          <code>{account.id}</code>
        </div>
      ) : null}
      <Form noValidate onSubmit={submit} aria-label="Account">
        <FieldSection title="Account">
          <TextField
            label="Name"
            isRequired
            maxLength={255}
            value={draft.name}
            onChange={set('name')}
            error={errors.name}
          />
          <Row>
            <Col sm={6}>
              <SelectField
                label="Kind"
                isRequired
                options={ACCOUNT_KINDS}
                value={draft.kind}
                onChange={(kind) => set('kind')(kind as CrmAccountKind)}
                error={errors.kind}
                help={account ? 'An account in use by opportunities keeps its kind.' : undefined}
              />
            </Col>
            <Col sm={6}>
              <SelectField
                label="Partner type"
                emptyLabel={
                  draft.kind === 'PARTNER' ? 'None (Authorized on quotes)' : 'Partners only'
                }
                isDisabled={draft.kind !== 'PARTNER'}
                options={PARTNER_TYPES}
                value={draft.kind === 'PARTNER' ? draft.partner_type : ''}
                onChange={set('partner_type')}
                error={errors.partner_type}
              />
            </Col>
          </Row>
          <Row>
            <Col sm={7}>
              <SelectField
                label="Region"
                emptyLabel="None"
                options={REGIONS.map((region) => ({ value: region, label: region }))}
                value={draft.region}
                onChange={set('region')}
                error={errors.region}
              />
            </Col>
            <Col sm={5}>
              <TextField
                label="Country code"
                maxLength={2}
                placeholder="US"
                help="Two letters (ISO)."
                value={draft.country}
                onChange={(value) => set('country')(value.toUpperCase())}
                error={errors.country}
              />
            </Col>
          </Row>
          <Row>
            <Col xs={5}>
              <TextField
                label="Payment term (days)"
                type="number"
                value={draft.payment_term_days}
                onChange={set('payment_term_days')}
                error={errors.payment_term_days}
              />
            </Col>
            <Col xs={7}>
              <TextField
                label="Payment term name"
                maxLength={60}
                placeholder="Net 30"
                value={draft.payment_term_name}
                onChange={set('payment_term_name')}
                error={errors.payment_term_name}
              />
            </Col>
          </Row>
          <CheckField
            label="Public sector"
            isChecked={draft.is_public_sector}
            onChange={set('is_public_sector')}
            error={errors.is_public_sector}
          />
        </FieldSection>
        <AddressFields
          prefix="billing"
          title="Billing address"
          draft={draft}
          setDraft={setDraft}
          errors={errors}
        />
        <AddressFields
          prefix="shipping"
          title="Shipping address"
          draft={draft}
          setDraft={setDraft}
          errors={errors}
          action={
            <Button size="sm" variant="link" className="p-0 mb-2" onClick={copyBillingToShipping}>
              Same as billing
            </Button>
          }
        />
        <SaveProblem error={save.error} />
        <div className="d-flex gap-2 mb-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : null}
            Save
          </Button>
          <Button variant="outline-secondary" onClick={onCancel}>
            {account ? 'Close' : 'Cancel'}
          </Button>
        </div>
      </Form>
      <div className="border-top pt-3">
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

function AddressFields({
  prefix,
  title,
  draft,
  setDraft,
  errors,
  action,
}: {
  prefix: 'billing' | 'shipping';
  title: string;
  draft: Draft;
  setDraft: (update: (current: Draft) => Draft) => void;
  errors: FieldErrors;
  action?: React.ReactNode;
}) {
  const field = (part: AddressPart) => `${prefix}_${part}` as const;
  const input = (part: AddressPart, maxLength: number) => (
    <TextField
      label={ADDRESS_LABELS[part]}
      maxLength={maxLength}
      value={draft[field(part)]}
      onChange={(value) => setDraft((current) => ({ ...current, [field(part)]: value }))}
      error={errors[field(part)]}
    />
  );
  return (
    <FieldSection title={title}>
      {action}
      {input('street', 255)}
      <Row>
        <Col sm={7}>{input('city', 120)}</Col>
        <Col sm={5}>{input('postal_code', 40)}</Col>
      </Row>
      <Row>
        <Col sm={6}>{input('state', 120)}</Col>
        <Col sm={6}>{input('country', 120)}</Col>
      </Row>
    </FieldSection>
  );
}

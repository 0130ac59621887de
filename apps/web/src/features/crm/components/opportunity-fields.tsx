import type { OpportunityFormValues } from '@bastion/domain/crm/schemas';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { availableWhen } from '@/components/form/available-when.ts';
import { CheckboxField, FieldSection, SelectField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { useCrmAccount } from '../api/crm-accounts.ts';
import type { CrmOpportunity } from '../api/crm-opportunities.ts';
import { AccountPickerField } from './account-picker.tsx';
import { PaymentTermFields } from './payment-term-fields.tsx';
import {
  CURRENCY_OPTIONS,
  DEAL_TYPE_OPTIONS,
  REGION_OPTIONS,
  SLA_SUGGESTIONS,
  STAGE_SUGGESTIONS,
} from './record-options.ts';
import { TeamEditor } from './team-editor.tsx';

/** The two choices every opportunity makes from a list. */
const DEAL_CHOICES = [
  { name: 'region', label: 'Region', options: REGION_OPTIONS },
  { name: 'deal_type', label: 'Deal type', options: DEAL_TYPE_OPTIONS },
] as const;

/** The opportunity's own fields: name, deal, amount and dates. */
export function OpportunityFields() {
  return (
    <FieldSection title="Opportunity">
      <TextField name="name" label="Name" isRequired maxLength={255} />
      <FieldRow widths={[6, 6]}>
        {DEAL_CHOICES.map((choice) => (
          <SelectField key={choice.name} {...choice} isRequired emptyLabel="Choose…" />
        ))}
      </FieldRow>
      <TextField name="stage" label="Stage" maxLength={60} suggestions={STAGE_SUGGESTIONS} />
      <FieldRow widths={[4, 8]} breakpoint="xs">
        <SelectField name="currency_code" label="Currency" isRequired options={CURRENCY_OPTIONS} />
        <TextField
          name="amount"
          label="Amount"
          isRequired
          inputMode="decimal"
          placeholder="12500.00"
        />
      </FieldRow>
      <FieldRow widths={[6, 6]}>
        <DateField name="close_date" label="Close date" />
        <DateField name="contract_start_date" label="Contract start date" />
      </FieldRow>
      <TextField
        name="products_evaluated"
        label="Products evaluated"
        maxLength={1000}
        help="Separate products with a semicolon, e.g. Network Firewall; Secure Access."
      />
      <CheckboxField name="is_public_sector" label="Public sector" />
    </FieldSection>
  );
}

/** The accounts an opportunity names: the field holding each one's id, and the name it shows. */
const CHANNEL_ACCOUNTS = {
  customer: {
    name: 'account_id',
    label: 'Customer account',
    kind: 'CUSTOMER',
    shown: 'account_name',
  },
  partner: { name: 'partner_account_id', label: 'Partner', kind: 'PARTNER', shown: 'partner_name' },
  distributor: {
    name: 'distributor_account_id',
    label: 'Distributor',
    kind: 'DISTRIBUTOR',
    shown: 'distributor_name',
  },
} as const;

function ChannelAccountField(props: {
  role: keyof typeof CHANNEL_ACCOUNTS;
  opportunity: CrmOpportunity | null;
  isRequired?: boolean;
  help?: string;
  onPicked?: () => void;
}) {
  const { role, opportunity, ...field } = props;
  const { shown, ...account } = CHANNEL_ACCOUNTS[role];
  return <AccountPickerField {...account} {...field} initialName={opportunity?.[shown] ?? null} />;
}

/** Who buys, through whom: the customer, the partner and its contact, the distributor. */
export function ChannelFields({ opportunity }: { opportunity: CrmOpportunity | null }) {
  const { control, setValue } = useFormContext<OpportunityFormValues>();
  const partnerId = useWatch({ control, name: 'partner_account_id' });
  const hasPartner = typeof partnerId === 'string' && partnerId !== '';
  const partner = useCrmAccount(hasPartner ? partnerId : null);
  const contactOptions = (partner.data?.contacts ?? []).map((contact) => ({
    value: contact.id,
    label:
      [`${contact.first_name} ${contact.last_name}`.trim(), contact.email || 'no e-mail']
        .filter(Boolean)
        .join(' — ') || contact.id,
  }));
  return (
    <FieldSection title="Customer and channel">
      <ChannelAccountField role="customer" opportunity={opportunity} isRequired />
      <ChannelAccountField
        role="partner"
        opportunity={opportunity}
        help="Leave empty for a direct deal."
        onPicked={() => setValue('partner_contact_id', '')}
      />
      <SelectField
        name="partner_contact_id"
        label="Partner contact"
        {...availableWhen(hasPartner, 'None', 'Choose the partner first')}
        options={contactOptions}
        help={
          hasPartner && partner.isSuccess && contactOptions.length === 0
            ? 'This partner has no contacts yet: add them on the Accounts tab.'
            : 'Quotes notify this contact when it has an e-mail address.'
        }
      />
      <ChannelAccountField
        role="distributor"
        opportunity={opportunity}
        help="A distributor and a partner make a two-tier deal."
      />
      <CheckboxField name="is_registered_deal" label="Registered deal" />
      <TextField name="deal_reg" label="Deal registration" maxLength={60} />
    </FieldSection>
  );
}

/** Payment terms (the customer's and the partner's) and the SLA. */
export function TermsFields() {
  return (
    <FieldSection title="Terms">
      <PaymentTermFields />
      <PaymentTermFields
        prefix="partner_"
        daysLabel="Partner term (days)"
        nameLabel="Partner term name"
        placeholder="Net 60"
      />
      <TextField
        name="sla"
        label="SLA"
        maxLength={60}
        suggestions={SLA_SUGGESTIONS}
        help="Quotes offer 24/7, 12/5 and 8/5; any other SLA becomes 24/7 on the quote."
      />
    </FieldSection>
  );
}

const PEOPLE = [
  { role: 'owner', email: 'Owner e-mail', name: 'Owner name', isRequired: true },
  { role: 'csm', email: 'CSM e-mail', name: 'CSM name', isRequired: false },
  { role: 'cam', email: 'CAM e-mail', name: 'CAM name', isRequired: false },
] as const;

/** The owner, the CSM and the CAM by e-mail and name, and the team. */
export function PeopleFields() {
  return (
    <FieldSection title="People">
      {PEOPLE.map((person) => (
        <FieldRow key={person.role} widths={[6, 6]}>
          <TextField
            name={`${person.role}_email`}
            label={person.email}
            type="email"
            isRequired={person.isRequired}
            maxLength={254}
          />
          <TextField name={`${person.role}_name`} label={person.name} maxLength={120} />
        </FieldRow>
      ))}
      <TeamEditor />
    </FieldSection>
  );
}

import type { OpportunityFormValues } from '@bastion/domain/crm/schemas';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, FieldSection, SelectField, TextField } from '@/components/form/fields.tsx';
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

/** The opportunity's own fields: name, deal, amount and dates. */
export function OpportunityFields() {
  return (
    <FieldSection title="Opportunity">
      <TextField name="name" label="Name" isRequired maxLength={255} />
      <Row>
        <Col sm={6}>
          <SelectField
            name="region"
            label="Region"
            isRequired
            emptyLabel="Choose…"
            options={REGION_OPTIONS}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            name="deal_type"
            label="Deal type"
            isRequired
            emptyLabel="Choose…"
            options={DEAL_TYPE_OPTIONS}
          />
        </Col>
      </Row>
      <TextField name="stage" label="Stage" maxLength={60} suggestions={STAGE_SUGGESTIONS} />
      <Row>
        <Col xs={4}>
          <SelectField
            name="currency_code"
            label="Currency"
            isRequired
            options={CURRENCY_OPTIONS}
          />
        </Col>
        <Col xs={8}>
          <TextField
            name="amount"
            label="Amount"
            isRequired
            inputMode="decimal"
            placeholder="12500.00"
          />
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <TextField name="close_date" label="Close date" type="date" />
        </Col>
        <Col sm={6}>
          <TextField name="contract_start_date" label="Contract start date" type="date" />
        </Col>
      </Row>
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
      <AccountPickerField
        name="account_id"
        label="Customer account"
        kind="CUSTOMER"
        isRequired
        initialName={opportunity?.account_name ?? null}
      />
      <AccountPickerField
        name="partner_account_id"
        label="Partner"
        kind="PARTNER"
        initialName={opportunity?.partner_name ?? null}
        help="Leave empty for a direct deal."
        onPicked={() => setValue('partner_contact_id', '')}
      />
      <SelectField
        name="partner_contact_id"
        label="Partner contact"
        emptyLabel={hasPartner ? 'None' : 'Choose the partner first'}
        isDisabled={!hasPartner}
        options={contactOptions}
        help={
          hasPartner && partner.isSuccess && contactOptions.length === 0
            ? 'This partner has no contacts yet: add them on the Accounts tab.'
            : 'Quotes notify this contact when it has an e-mail address.'
        }
      />
      <AccountPickerField
        name="distributor_account_id"
        label="Distributor"
        kind="DISTRIBUTOR"
        initialName={opportunity?.distributor_name ?? null}
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
        <Row key={person.role}>
          <Col sm={6}>
            <TextField
              name={`${person.role}_email`}
              label={person.email}
              type="email"
              isRequired={person.isRequired}
              maxLength={254}
            />
          </Col>
          <Col sm={6}>
            <TextField name={`${person.role}_name`} label={person.name} maxLength={120} />
          </Col>
        </Row>
      ))}
      <TeamEditor />
    </FieldSection>
  );
}

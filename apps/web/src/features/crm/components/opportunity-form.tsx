import { formatDateTime } from '@bastion/domain/format/date-time';
import { type FormEvent, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { useCrmAccount } from '../api/crm-accounts.ts';
import {
  useCrmOpportunity,
  useSaveCrmOpportunity,
  useSetCrmOpportunityRemoved,
  type CrmOpportunity,
  type CrmOpportunityInput,
  type CrmTeamMember,
} from '../api/crm-opportunities.ts';
import { AccountPicker, type PickedAccount } from './account-picker.tsx';
import { ConfirmAction } from './confirm-action.tsx';
import {
  CheckField,
  daysOrNull,
  FieldSection,
  fieldErrorsOf,
  SaveProblem,
  SelectField,
  TextField,
  textOf,
} from './record-form-controls.tsx';
import {
  CURRENCIES,
  DEAL_TYPE_OPTIONS,
  REGIONS,
  SLA_SUGGESTIONS,
  STAGE_SUGGESTIONS,
} from './record-options.ts';

type Draft = Omit<
  CrmOpportunityInput,
  | 'id'
  | 'account_id'
  | 'partner_account_id'
  | 'distributor_account_id'
  | 'partner_contact_id'
  | 'close_date'
  | 'contract_start_date'
  | 'payment_term_days'
  | 'payment_term_name'
  | 'partner_payment_term_days'
  | 'partner_payment_term_name'
> & {
  account: PickedAccount | null;
  partner: PickedAccount | null;
  distributor: PickedAccount | null;
  partner_contact_id: string;
  close_date: string;
  contract_start_date: string;
  payment_term_days: string;
  payment_term_name: string;
  partner_payment_term_days: string;
  partner_payment_term_name: string;
};

const picked = (id: string | null, name: string | null): PickedAccount | null =>
  id ? { id, name: name ?? id } : null;

function draftOf(o: CrmOpportunity | null): Draft {
  return {
    name: o?.name ?? '',
    account: o ? picked(o.account_id, o.account_name) : null,
    partner: o ? picked(o.partner_account_id, o.partner_name) : null,
    partner_contact_id: o?.partner_contact_id ?? '',
    distributor: o ? picked(o.distributor_account_id, o.distributor_name) : null,
    region: o?.region ?? '',
    deal_type: o?.deal_type ?? '',
    stage: o?.stage ?? '',
    currency_code: o?.currency_code ?? 'USD',
    amount: o?.amount ?? '',
    close_date: o?.close_date ?? '',
    contract_start_date: o?.contract_start_date ?? '',
    payment_term_days: textOf(o?.payment_term_days),
    payment_term_name: o?.payment_term_name ?? '',
    partner_payment_term_days: textOf(o?.partner_payment_term_days),
    partner_payment_term_name: o?.partner_payment_term_name ?? '',
    sla: o?.sla ?? '',
    is_registered_deal: o?.is_registered_deal ?? false,
    deal_reg: o?.deal_reg ?? '',
    is_public_sector: o?.is_public_sector ?? false,
    products_evaluated: o?.products_evaluated ?? '',
    owner_email: o?.owner_email ?? '',
    owner_name: o?.owner_name ?? '',
    csm_name: o?.csm_name ?? '',
    csm_email: o?.csm_email ?? '',
    cam_name: o?.cam_name ?? '',
    cam_email: o?.cam_email ?? '',
    team: o?.team ?? [],
  };
}

function inputOf(draft: Draft, id: string | null): CrmOpportunityInput {
  const { account, partner, distributor, ...rest } = draft;
  return {
    ...rest,
    ...(id ? { id } : {}),
    account_id: account?.id ?? '',
    partner_account_id: partner?.id ?? null,
    partner_contact_id: partner ? draft.partner_contact_id || null : null,
    distributor_account_id: distributor?.id ?? null,
    close_date: draft.close_date || null,
    contract_start_date: draft.contract_start_date || null,
    payment_term_days: daysOrNull(draft.payment_term_days),
    payment_term_name: draft.payment_term_name.trim() || null,
    partner_payment_term_days: daysOrNull(draft.partner_payment_term_days),
    partner_payment_term_name: draft.partner_payment_term_name.trim() || null,
  };
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);

/** The opportunity edit panel's content: loads the opportunity (none for a new one). */
export function OpportunityForm(props: {
  id: string | null;
  onSaved: (opportunity: CrmOpportunity, change: 'saved' | 'removed' | 'restored') => void;
  onCancel: () => void;
}) {
  const opportunity = useCrmOpportunity(props.id);
  if (props.id === null) return <OpportunityEditor opportunity={null} {...props} />;
  if (opportunity.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the opportunity" />;
  }
  if (opportunity.isError) {
    return <ErrorScreen error={opportunity.error} onRetry={() => void opportunity.refetch()} />;
  }
  return <OpportunityEditor key={opportunity.data.id} opportunity={opportunity.data} {...props} />;
}

function OpportunityEditor({
  opportunity,
  onSaved,
  onCancel,
}: {
  opportunity: CrmOpportunity | null;
  onSaved: (opportunity: CrmOpportunity, change: 'saved' | 'removed' | 'restored') => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(opportunity));
  const save = useSaveCrmOpportunity();
  const removal = useSetCrmOpportunityRemoved();
  const partner = useCrmAccount(draft.partner?.id ?? null);
  const errors = fieldErrorsOf(save.error);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(inputOf(draft, opportunity?.id ?? null), {
      onSuccess: (saved) => onSaved(saved, 'saved'),
    });
  };

  const contactOptions = (partner.data?.contacts ?? []).map((contact) => ({
    value: contact.id,
    label:
      [`${contact.first_name} ${contact.last_name}`.trim(), contact.email || 'no e-mail']
        .filter(Boolean)
        .join(' — ') || contact.id,
  }));

  return (
    <>
      {opportunity ? (
        <div className="small text-body-secondary mb-3">
          <div>
            <code>{opportunity.id}</code>
            {opportunity.removed_at ? (
              <Badge bg="danger" className="ms-2">
                Removed {when(opportunity.removed_at)}
              </Badge>
            ) : null}
          </div>
          <div>
            Created {when(opportunity.created_on)}
            {opportunity.created_by ? ` by ${opportunity.created_by}` : ''}; last changed{' '}
            {when(opportunity.modified_on)}
            {opportunity.modified_by ? ` by ${opportunity.modified_by}` : ''}.
          </div>
          {opportunity.quote_number ? (
            <div>
              Quote {opportunity.quote_number} ({opportunity.quote_status ?? 'no status'}).
            </div>
          ) : null}
        </div>
      ) : null}
      <Form noValidate onSubmit={submit} aria-label="Opportunity">
        <FieldSection title="Opportunity">
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
                label="Region"
                isRequired
                emptyLabel="Choose…"
                options={REGIONS.map((region) => ({ value: region, label: region }))}
                value={draft.region}
                onChange={set('region')}
                error={errors.region}
              />
            </Col>
            <Col sm={6}>
              <SelectField
                label="Deal type"
                isRequired
                emptyLabel="Choose…"
                options={DEAL_TYPE_OPTIONS}
                value={draft.deal_type}
                onChange={set('deal_type')}
                error={errors.deal_type}
              />
            </Col>
          </Row>
          <TextField
            label="Stage"
            maxLength={60}
            suggestions={STAGE_SUGGESTIONS}
            value={draft.stage}
            onChange={set('stage')}
            error={errors.stage}
          />
          <Row>
            <Col xs={4}>
              <SelectField
                label="Currency"
                isRequired
                options={CURRENCIES.map((code) => ({ value: code, label: code }))}
                value={draft.currency_code}
                onChange={set('currency_code')}
                error={errors.currency_code}
              />
            </Col>
            <Col xs={8}>
              <TextField
                label="Amount"
                isRequired
                inputMode="decimal"
                placeholder="12500.00"
                value={draft.amount}
                onChange={set('amount')}
                error={errors.amount}
              />
            </Col>
          </Row>
          <Row>
            <Col sm={6}>
              <TextField
                label="Close date"
                type="date"
                value={draft.close_date}
                onChange={set('close_date')}
                error={errors.close_date}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="Contract start date"
                type="date"
                value={draft.contract_start_date}
                onChange={set('contract_start_date')}
                error={errors.contract_start_date}
              />
            </Col>
          </Row>
          <TextField
            label="Products evaluated"
            maxLength={1000}
            help="Separate products with a semicolon, e.g. Network Firewall; Secure Access."
            value={draft.products_evaluated}
            onChange={set('products_evaluated')}
            error={errors.products_evaluated}
          />
          <CheckField
            label="Public sector"
            isChecked={draft.is_public_sector}
            onChange={set('is_public_sector')}
            error={errors.is_public_sector}
          />
        </FieldSection>

        <FieldSection title="Customer and channel">
          <AccountPicker
            label="Customer account"
            kind="CUSTOMER"
            isRequired
            value={draft.account}
            onChange={set('account')}
            error={errors.account_id}
          />
          <AccountPicker
            label="Partner"
            kind="PARTNER"
            value={draft.partner}
            onChange={(account) =>
              setDraft((current) => ({ ...current, partner: account, partner_contact_id: '' }))
            }
            error={errors.partner_account_id}
            help="Leave empty for a direct deal."
          />
          <SelectField
            label="Partner contact"
            emptyLabel={draft.partner ? 'None' : 'Choose the partner first'}
            isDisabled={!draft.partner}
            options={contactOptions}
            value={draft.partner_contact_id}
            onChange={set('partner_contact_id')}
            error={errors.partner_contact_id}
            help={
              draft.partner && partner.isSuccess && contactOptions.length === 0
                ? 'This partner has no contacts yet: add them on the Accounts tab.'
                : 'Quotes notify this contact when it has an e-mail address.'
            }
          />
          <AccountPicker
            label="Distributor"
            kind="DISTRIBUTOR"
            value={draft.distributor}
            onChange={set('distributor')}
            error={errors.distributor_account_id}
            help="A distributor and a partner make a two-tier deal."
          />
          <CheckField
            label="Registered deal"
            isChecked={draft.is_registered_deal}
            onChange={set('is_registered_deal')}
            error={errors.is_registered_deal}
          />
          <TextField
            label="Deal registration"
            maxLength={60}
            value={draft.deal_reg}
            onChange={set('deal_reg')}
            error={errors.deal_reg}
          />
        </FieldSection>

        <FieldSection title="Terms">
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
          <Row>
            <Col xs={5}>
              <TextField
                label="Partner term (days)"
                type="number"
                value={draft.partner_payment_term_days}
                onChange={set('partner_payment_term_days')}
                error={errors.partner_payment_term_days}
              />
            </Col>
            <Col xs={7}>
              <TextField
                label="Partner term name"
                maxLength={60}
                placeholder="Net 60"
                value={draft.partner_payment_term_name}
                onChange={set('partner_payment_term_name')}
                error={errors.partner_payment_term_name}
              />
            </Col>
          </Row>
          <TextField
            label="SLA"
            maxLength={60}
            suggestions={SLA_SUGGESTIONS}
            help="Quotes offer 24/7, 12/5 and 8/5; any other SLA becomes 24/7 on the quote."
            value={draft.sla}
            onChange={set('sla')}
            error={errors.sla}
          />
        </FieldSection>

        <FieldSection title="People">
          <Row>
            <Col sm={6}>
              <TextField
                label="Owner e-mail"
                type="email"
                isRequired
                maxLength={254}
                value={draft.owner_email}
                onChange={set('owner_email')}
                error={errors.owner_email}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="Owner name"
                maxLength={120}
                value={draft.owner_name}
                onChange={set('owner_name')}
                error={errors.owner_name}
              />
            </Col>
          </Row>
          <Row>
            <Col sm={6}>
              <TextField
                label="CSM e-mail"
                type="email"
                maxLength={254}
                value={draft.csm_email}
                onChange={set('csm_email')}
                error={errors.csm_email}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="CSM name"
                maxLength={120}
                value={draft.csm_name}
                onChange={set('csm_name')}
                error={errors.csm_name}
              />
            </Col>
          </Row>
          <Row>
            <Col sm={6}>
              <TextField
                label="CAM e-mail"
                type="email"
                maxLength={254}
                value={draft.cam_email}
                onChange={set('cam_email')}
                error={errors.cam_email}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="CAM name"
                maxLength={120}
                value={draft.cam_name}
                onChange={set('cam_name')}
                error={errors.cam_name}
              />
            </Col>
          </Row>
          <TeamEditor team={draft.team} onChange={set('team')} errors={errors} />
        </FieldSection>

        <SaveProblem error={save.error} />
        <div className="d-flex gap-2 mb-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : null}
            Save
          </Button>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>

      {opportunity ? (
        <div className="border-top pt-3">
          {removal.isError ? (
            <div className="text-danger small mb-2" role="alert">
              {removal.error.message}
            </div>
          ) : null}
          {opportunity.removed_at ? (
            <ConfirmAction
              label="Restore"
              variant="success"
              question="Put this opportunity back in the lists, so quotes can be made from it again?"
              confirmLabel="Restore opportunity"
              isPending={removal.isPending}
              onConfirm={() =>
                removal.mutate(
                  { id: opportunity.id, isRemoved: false },
                  { onSuccess: (saved) => onSaved(saved, 'restored') },
                )
              }
            />
          ) : (
            <ConfirmAction
              label="Remove"
              variant="danger"
              question="Take this opportunity out of the lists? No new quote can be made from it; quotes already made keep it. You can restore it later."
              confirmLabel="Remove opportunity"
              isPending={removal.isPending}
              onConfirm={() =>
                removal.mutate(
                  { id: opportunity.id, isRemoved: true },
                  { onSuccess: (saved) => onSaved(saved, 'removed') },
                )
              }
            />
          )}
        </div>
      ) : null}
    </>
  );
}

/** The opportunity team: who works on it, by e-mail (each once). */
function TeamEditor({
  team,
  onChange,
  errors,
}: {
  team: CrmTeamMember[];
  onChange: (team: CrmTeamMember[]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  const update = (index: number, change: Partial<CrmTeamMember>) =>
    onChange(team.map((member, i) => (i === index ? { ...member, ...change } : member)));
  return (
    <div>
      <div className="fw-semibold mb-2">Team members</div>
      {team.length === 0 ? <p className="small text-body-secondary">No team members yet.</p> : null}
      {team.map((member, index) => {
        const n = index + 1;
        const emailError = errors[`team.${index}.email`];
        return (
          <div key={index} className="border rounded p-2 mb-2">
            <Row className="g-2">
              <Col xs={12}>
                <Form.Control
                  size="sm"
                  type="email"
                  aria-label={`Team member ${n} e-mail`}
                  placeholder="E-mail"
                  value={member.email}
                  onChange={(event) => update(index, { email: event.target.value })}
                  isInvalid={Boolean(emailError)}
                />
                <Form.Control.Feedback type="invalid">{emailError}</Form.Control.Feedback>
              </Col>
              <Col xs={5}>
                <Form.Control
                  size="sm"
                  aria-label={`Team member ${n} name`}
                  placeholder="Name"
                  value={member.name}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
              </Col>
              <Col xs={5}>
                <Form.Control
                  size="sm"
                  aria-label={`Team member ${n} role`}
                  placeholder="Role"
                  value={member.role}
                  onChange={(event) => update(index, { role: event.target.value })}
                />
              </Col>
              <Col xs={2} className="text-end">
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove team member ${n}`}
                  onClick={() => onChange(team.filter((_, i) => i !== index))}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
              </Col>
            </Row>
          </div>
        );
      })}
      {errors.team ? <div className="text-danger small mb-2">{errors.team}</div> : null}
      <Button
        size="sm"
        variant="outline-primary"
        onClick={() => onChange([...team, { email: '', name: '', role: '' }])}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Add team member
      </Button>
    </div>
  );
}

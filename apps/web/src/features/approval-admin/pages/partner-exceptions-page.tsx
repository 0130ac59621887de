import { formatCalendarDate } from '@bastion/domain/format/date-time';
import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { useNavigate, useParams } from 'react-router';
import { NoData } from '../../../components/no-data.tsx';
import {
  useDeletePartnerException,
  usePartnerExceptions,
  usePartnerOptions,
  useSavePartnerException,
  type PartnerException,
  type PartnerExceptionState,
} from '../api/partner-exceptions.ts';
import { ApprovalAdminLayout, LoadState } from '../components/approval-admin-layout.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { fieldErrorsOf, isStale } from '../components/field-errors.ts';

/** 2027-01-31 → 31-Jan-2027 (spec §9). */
function showDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return formatCalendarDate(year ?? 0, month ?? 0, day ?? 0) || isoDay;
}

const STATES: Record<PartnerExceptionState, { label: string; bg: string; text?: 'dark' }> = {
  ACTIVE: { label: 'In force', bg: 'success' },
  SCHEDULED: { label: 'Starts later', bg: 'info', text: 'dark' },
  EXPIRED: { label: 'Expired', bg: 'secondary' },
  INACTIVE: { label: 'Switched off', bg: 'secondary' },
};

/**
 * /{context}/manage-partner-exception/{id}/{ref}: partners allowed an extra discount for a
 * while. Rules ask whether a quote's partner has one in force on its price date. {id} is the
 * exception being edited, or `new`.
 */
export function PartnerExceptionsPage() {
  const { context = 'cpq', id = 'new', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const list = usePartnerExceptions();
  const [notice, setNotice] = useState<string | null>(null);
  // A new key after each save gives an empty form for the next exception.
  const [formRound, setFormRound] = useState(0);
  const go = (target: string) =>
    void navigate(`/${context}/manage-partner-exception/${target}/${ref}`);

  return (
    <ApprovalAdminLayout
      title="Partner exceptions"
      subtitle="Partners allowed an extra discount for a time. A rule can ask for approval whenever a quote’s partner has one in force."
    >
      {notice ? (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoadState query={list} what="the partner exceptions">
        {({ partner_exceptions: rows }) => {
          const editing = id === 'new' ? null : (rows.find((r) => r.id === id) ?? null);
          return (
            <div className="d-flex flex-column gap-3">
              {id !== 'new' && editing === null ? (
                <Alert variant="warning">
                  That exception no longer exists; someone may have deleted it.{' '}
                  <Alert.Link onClick={() => go('new')}>Add a new one</Alert.Link>.
                </Alert>
              ) : (
                <ExceptionForm
                  key={editing ? `${editing.id}:${editing.version}` : `new:${formRound}`}
                  exception={editing}
                  onCancel={() => go('new')}
                  onDone={(message) => {
                    setNotice(message);
                    setFormRound((n) => n + 1);
                    go('new');
                  }}
                />
              )}
              <ExceptionTable
                rows={rows}
                editingId={editing?.id ?? null}
                onEdit={(row) => {
                  setNotice(null);
                  go(row.id);
                }}
              />
            </div>
          );
        }}
      </LoadState>
    </ApprovalAdminLayout>
  );
}

/** The partner search as typed, and as sent: a moment after the typing stops. */
function useDebounced(text: string, delayMs = 250) {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return debounced;
}

function ExceptionForm({
  exception,
  onCancel,
  onDone,
}: {
  exception: PartnerException | null;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const ids = useId();
  const [partnerText, setPartnerText] = useState(exception?.partner_name ?? '');
  const [percent, setPercent] = useState(exception?.extra_discount_percent ?? '');
  const [validFrom, setValidFrom] = useState(exception?.valid_from ?? '');
  const [validTo, setValidTo] = useState(exception?.valid_to ?? '');
  const [reason, setReason] = useState(exception?.reason ?? '');
  const [isActive, setIsActive] = useState(exception?.is_active ?? true);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const search = useDebounced(partnerText);
  const options = usePartnerOptions(search);
  const save = useSavePartnerException();
  const remove = useDeletePartnerException();
  const error = save.error ?? remove.error;
  const serverProblems = fieldErrorsOf(error);

  // The partner is the option whose name (or CRM id) was typed or picked from the list.
  const typed = partnerText.trim().toLowerCase();
  const chosen = options.data?.partners.find(
    (p) => p.name.toLowerCase() === typed || p.id.toLowerCase() === typed,
  );
  const partnerId =
    chosen?.id ??
    (exception && typed === exception.partner_name.toLowerCase()
      ? exception.partner_account_id
      : '');

  const local: Record<string, string | undefined> = {
    partner_account_id: partnerId ? undefined : 'Choose the partner from the list.',
    extra_discount_percent: /^\d{1,3}(\.\d{1,2})?$/.test(percent.trim())
      ? Number(percent) > 100
        ? 'The extra discount is between 0 and 100 %.'
        : undefined
      : 'Enter the extra discount in per cent, at most 2 decimals (like 7.25).',
    valid_from: validFrom ? undefined : 'Enter the first day.',
    valid_to: !validTo
      ? 'Enter the last day.'
      : validFrom && validTo < validFrom
        ? 'The last day is before the first.'
        : undefined,
    reason: reason.trim() ? undefined : 'Say why the partner has this exception.',
  };
  const errorOf = (path: string) => (isSubmitted ? local[path] : undefined) ?? serverProblems[path];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(local).some(Boolean)) return;
    save.mutate(
      {
        ...(exception ? { id: exception.id, version: exception.version } : {}),
        partner_account_id: partnerId,
        extra_discount_percent: percent.trim(),
        valid_from: validFrom,
        valid_to: validTo,
        reason,
        is_active: isActive,
      },
      {
        onSuccess: (saved) =>
          onDone(
            `${exception ? 'Saved' : 'Added'} the exception for ${saved.partner_name}: ${saved.extra_discount_percent} % from ${showDay(saved.valid_from)} to ${showDay(saved.valid_to)}.`,
          ),
      },
    );
  };

  return (
    <Card as="section" aria-labelledby={`${ids}-title`}>
      <Card.Header>
        <h2 className="h5 mb-0" id={`${ids}-title`}>
          {exception
            ? `Edit the exception for ${exception.partner_name}`
            : 'Add a partner exception'}
        </h2>
      </Card.Header>
      <Card.Body>
        {error && (isStale(error) || Object.keys(serverProblems).length === 0) ? (
          <Alert variant={isStale(error) ? 'warning' : 'danger'} role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Form noValidate onSubmit={submit} aria-label="Partner exception" className="row g-3">
          <Form.Group className="col-12 col-lg-4" controlId={`${ids}-partner`}>
            <Form.Label>Partner</Form.Label>
            <Form.Control
              list={`${ids}-partners`}
              autoComplete="off"
              placeholder="Type the partner’s name"
              value={partnerText}
              isInvalid={Boolean(errorOf('partner_account_id'))}
              isValid={Boolean(partnerId)}
              onChange={(e) => setPartnerText(e.target.value)}
            />
            <datalist id={`${ids}-partners`}>
              {(options.data?.partners ?? []).map((p) => (
                <option key={p.id} value={p.name}>
                  {[p.region, p.partner_type].filter(Boolean).join(' · ')}
                </option>
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">
              {errorOf('partner_account_id')}
            </Form.Control.Feedback>
            {partnerId ? (
              <Form.Text>
                CRM account {partnerId}
                {chosen
                  ? ` · ${[chosen.region, chosen.partner_type].filter(Boolean).join(' · ')}`
                  : ''}
              </Form.Text>
            ) : null}
          </Form.Group>
          <Form.Group className="col-6 col-lg-2" controlId={`${ids}-percent`}>
            <Form.Label>Extra discount</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                inputMode="decimal"
                className="text-end"
                value={percent}
                isInvalid={Boolean(errorOf('extra_discount_percent'))}
                onChange={(e) => setPercent(e.target.value)}
              />
              <InputGroup.Text>%</InputGroup.Text>
              <Form.Control.Feedback type="invalid">
                {errorOf('extra_discount_percent')}
              </Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
          <Form.Group className="col-6 col-lg-3" controlId={`${ids}-from`}>
            <Form.Label>Valid from</Form.Label>
            <Form.Control
              type="date"
              value={validFrom}
              isInvalid={Boolean(errorOf('valid_from'))}
              onChange={(e) => setValidFrom(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errorOf('valid_from')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-6 col-lg-3" controlId={`${ids}-to`}>
            <Form.Label>Valid to (last day)</Form.Label>
            <Form.Control
              type="date"
              value={validTo}
              isInvalid={Boolean(errorOf('valid_to'))}
              onChange={(e) => setValidTo(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errorOf('valid_to')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-12 col-lg-9" controlId={`${ids}-reason`}>
            <Form.Label>Reason</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={reason}
              isInvalid={Boolean(errorOf('reason'))}
              onChange={(e) => setReason(e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errorOf('reason')}</Form.Control.Feedback>
          </Form.Group>
          <div className="col-12 col-lg-3 d-flex flex-column gap-2 justify-content-end">
            <Form.Check
              type="switch"
              id={`${ids}-active`}
              label="Active"
              checked={isActive}
              onChange={(e) => setIsActive(e.target.checked)}
            />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : exception ? 'Save exception' : 'Add exception'}
              </Button>
              {exception ? (
                <Button variant="outline-secondary" onClick={onCancel}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </div>
        </Form>
        {exception ? (
          <div className="d-flex justify-content-end mt-3">
            <ConfirmButton
              size="sm"
              label={`Delete the exception for ${exception.partner_name}`}
              question="Delete this exception? Quotes submitted from now on no longer count it."
              confirmText="Delete exception"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { id: exception.id, version: exception.version },
                  {
                    onSuccess: () => onDone(`Deleted the exception for ${exception.partner_name}.`),
                  },
                )
              }
            />
          </div>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function ExceptionTable({
  rows,
  editingId,
  onEdit,
}: {
  rows: readonly PartnerException[];
  editingId: string | null;
  onEdit: (row: PartnerException) => void;
}) {
  if (rows.length === 0) {
    return (
      <NoData
        icon="bi-percent"
        title="No partner exceptions"
        message="An exception lets a partner sell with an extra discount for a while."
      />
    );
  }
  return (
    <Card>
      <Table responsive hover className="align-middle mb-0" aria-label="Partner exceptions">
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col" className="text-end">
              Extra discount
            </th>
            <th scope="col">Valid</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = STATES[row.state];
            return (
              <tr key={row.id} className={row.id === editingId ? 'table-active' : undefined}>
                <td>
                  <div className="fw-semibold">{row.partner_name}</div>
                  <div className="small text-body-secondary font-monospace">
                    {row.partner_account_id}
                  </div>
                </td>
                <td className="text-end text-nowrap">{row.extra_discount_percent} %</td>
                <td className="text-nowrap">
                  {showDay(row.valid_from)} – {showDay(row.valid_to)}
                </td>
                <td>
                  <Badge bg={state.bg} text={state.text}>
                    {state.label}
                  </Badge>
                </td>
                <td>{row.reason}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-label={`Edit the exception for ${row.partner_name} from ${showDay(row.valid_from)}`}
                    onClick={() => onEdit(row)}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}

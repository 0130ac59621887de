import { useDeferredValue, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { Delegation, DelegationState } from '../api/approval-types.ts';
import {
  useCreateDelegation,
  useDelegateCandidates,
  useDelegations,
  useEndDelegation,
} from '../api/delegations.ts';
import { when } from '../components/approval-format.ts';
import '../components/approvals.css';

const STATE_BADGES: Readonly<Record<DelegationState, { label: string; tone: string }>> = {
  scheduled: { label: 'Scheduled', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  ended: { label: 'Ended', tone: 'grey' },
};

/** 'YYYY-MM-DDTHH:mm' in the user's time zone, what a datetime-local input holds. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const toInstant = (local: string): string | null => {
  const millis = Date.parse(local);
  return Number.isNaN(millis) ? null : new Date(millis).toISOString();
};

/**
 * user-profile/{ref}/delegations: "delegate my approvals to X from … to …", optionally lending
 * roles, and the delegations made by and to the user, which the delegator can end.
 */
export function DelegationsPage() {
  const delegations = useDelegations();
  return (
    <>
      <PageHeader
        title="Delegate my approvals"
        subtitle="While you are away, someone you choose decides your approval steps on your behalf. Their decisions say so in the trail."
      />
      {delegations.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the delegations" />
      ) : delegations.isError ? (
        <ErrorScreen error={delegations.error} onRetry={() => void delegations.refetch()} />
      ) : (
        <>
          <NewDelegation lendableRoles={delegations.data.lendable_roles} />
          <DelegationList
            title="My delegations"
            empty="You have not delegated your approvals."
            rows={delegations.data.mine}
            other="delegate"
            canEnd
          />
          <DelegationList
            title="Delegated to me"
            empty="Nobody has delegated their approvals to you."
            rows={delegations.data.to_me}
            other="delegator"
          />
        </>
      )}
    </>
  );
}

function NewDelegation({ lendableRoles }: { lendableRoles: readonly string[] }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const candidates = useDelegateCandidates(deferredSearch);
  const [delegateId, setDelegateId] = useState('');
  const [startsAt, setStartsAt] = useState(() => localInputValue(new Date()));
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [lent, setLent] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreateDelegation();
  const people = candidates.data?.users ?? [];

  const submit = () => {
    setSaved(null);
    const start = toInstant(startsAt);
    const end = toInstant(endsAt);
    if (!delegateId) return setProblem('Choose who decides for you.');
    if (!end) return setProblem('Say until when.');
    if (start && end <= start) return setProblem('The end must come after the start.');
    setProblem(null);
    const name = people.find((p) => p.id === delegateId)?.name ?? 'your delegate';
    create.mutate(
      {
        delegate_user_id: delegateId,
        ...(start ? { starts_at: start } : {}),
        ends_at: end,
        reason: reason.trim(),
        lend_roles: [...lent],
      },
      {
        onSuccess: () => {
          setSaved(`${name} now decides your approvals until ${when(end)}.`);
          setDelegateId('');
          setEndsAt('');
          setReason('');
          setLent([]);
        },
      },
    );
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">New delegation</h2>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="row g-3">
            <div className="col-12 col-md-6">
              <Form.Label htmlFor={`${id}-search`}>Find a colleague</Form.Label>
              <Form.Control
                id={`${id}-search`}
                type="search"
                placeholder="Name or e-mail"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="col-12 col-md-6">
              <Form.Label htmlFor={`${id}-delegate`}>Delegate to</Form.Label>
              <Form.Select
                id={`${id}-delegate`}
                value={delegateId}
                onChange={(event) => setDelegateId(event.target.value)}
              >
                <option value="">
                  {candidates.isPending
                    ? 'Loading…'
                    : people.length === 0
                      ? 'Nobody matches'
                      : 'Choose a person'}
                </option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name} ({person.email})
                  </option>
                ))}
              </Form.Select>
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <Form.Label htmlFor={`${id}-from`}>From</Form.Label>
              <Form.Control
                id={`${id}-from`}
                type="datetime-local"
                value={startsAt}
                onChange={(event) => setStartsAt(event.target.value)}
              />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <Form.Label htmlFor={`${id}-to`}>Until</Form.Label>
              <Form.Control
                id={`${id}-to`}
                type="datetime-local"
                value={endsAt}
                min={startsAt || undefined}
                onChange={(event) => setEndsAt(event.target.value)}
              />
            </div>
            <div className="col-12 col-xl-6">
              <Form.Label htmlFor={`${id}-reason`}>Reason (optional)</Form.Label>
              <Form.Control
                id={`${id}-reason`}
                maxLength={500}
                placeholder="Annual leave"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            {lendableRoles.length > 0 ? (
              <fieldset className="col-12">
                <legend className="form-label fs-6 mb-1">Also lend my roles (optional)</legend>
                <div className="small text-body-secondary mb-1">
                  Your delegate already decides the steps you could decide. Lending a role also
                  gives them what the role allows, until the delegation ends.
                </div>
                {lendableRoles.map((role) => (
                  <Form.Check
                    inline
                    key={role}
                    id={`${id}-role-${role}`}
                    label={role}
                    checked={lent.includes(role)}
                    onChange={() =>
                      setLent(
                        lent.includes(role) ? lent.filter((r) => r !== role) : [...lent, role],
                      )
                    }
                  />
                ))}
              </fieldset>
            ) : null}
          </div>
          {problem || create.isError ? (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {problem ?? create.error?.message}
            </Alert>
          ) : null}
          {saved ? (
            <Alert variant="success" className="mt-3 mb-0" role="status">
              {saved}
            </Alert>
          ) : null}
          <Button type="submit" className="mt-3" disabled={create.isPending}>
            {create.isPending ? <Spinner animation="border" size="sm" className="me-1" /> : null}
            Delegate my approvals
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function DelegationList({
  title,
  empty,
  rows,
  other,
  canEnd = false,
}: {
  title: string;
  empty: string;
  rows: readonly Delegation[];
  other: 'delegate' | 'delegator';
  canEnd?: boolean;
}) {
  const end = useEndDelegation();
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5">{title}</h2>
      {end.isError ? (
        <Alert variant="danger" dismissible onClose={() => end.reset()}>
          {end.error.message}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <div className="card">
          <Table size="sm" responsive className="mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">{other === 'delegate' ? 'Delegate' : 'For'}</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
                <th scope="col">Roles lent</th>
                <th scope="col">Reason</th>
                {canEnd ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const person = row[other];
                const badge = STATE_BADGES[row.state];
                return (
                  <tr key={row.id}>
                    <td>
                      {person.name}
                      <div className="small text-body-secondary">{person.email}</div>
                    </td>
                    <td>
                      <div className="text-nowrap">from {when(row.starts_at)}</div>
                      <div className="text-nowrap">until {when(row.ends_at)}</div>
                    </td>
                    <td>
                      <StatusBadge label={badge.label} tone={badge.tone} />
                    </td>
                    <td>{row.lent_roles.length > 0 ? row.lent_roles.join(', ') : '—'}</td>
                    <td>{row.reason || '—'}</td>
                    {canEnd ? (
                      <td className="text-end">
                        {row.state !== 'ended' ? (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            disabled={end.isPending}
                            onClick={() => end.mutate(row.id)}
                            aria-label={`End the delegation to ${person.name}`}
                          >
                            {row.state === 'scheduled' ? 'Cancel' : 'End now'}
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

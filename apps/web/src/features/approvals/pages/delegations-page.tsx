import type { ColumnDef } from '@tanstack/react-table';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { actionsColumn, textColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
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
 * The new-delegation form: local times as the inputs hold them, read into instants for the
 * server (POST /api/dx/delegations/create), which checks the window again (overlaps, a year at
 * most) and answers under the same field names. The reason's limit is the server's.
 */
const ZDelegationForm = z
  .object({
    delegate_user_id: z.string().min(1, 'Choose who decides for you.'),
    starts_at: z.string(),
    ends_at: z.string(),
    reason: z.string().trim().max(500, 'The reason is at most 500 characters.'),
    lend_roles: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    const start = toInstant(values.starts_at);
    const end = toInstant(values.ends_at);
    if (!end) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'Say until when.' });
    else if (start && end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'The end must come after the start.',
      });
    }
  });
type DelegationFormInput = z.input<typeof ZDelegationForm>;

/**
 * user-profile/{ref}/delegations: "delegate my approvals to X from … to …", optionally lending
 * roles, and the delegations made by and to the user, which the delegator can end.
 */
/**
 * Delegating one's approvals (the delegations tab of the user profile): a new delegation, then
 * those one gave and those one received.
 */
export function DelegationsSection() {
  const delegations = useDelegations();
  return (
    <>
      <h2 className="h5">Delegate my approvals</h2>
      <p className="text-body-secondary">
        While you are away, someone you choose decides your approval steps on your behalf. Their
        decisions say so in the trail.
      </p>
      <LoadState query={delegations} what="the delegations">
        {(data) => (
          <>
            <NewDelegation lendableRoles={data.lendable_roles} />
            <DelegationList
              title="My delegations"
              empty="You have not delegated your approvals."
              rows={data.mine}
              other="delegate"
              canEnd
            />
            <DelegationList
              title="Delegated to me"
              empty="Nobody has delegated their approvals to you."
              rows={data.to_me}
              other="delegator"
            />
          </>
        )}
      </LoadState>
    </>
  );
}

function NewDelegation({ lendableRoles }: { lendableRoles: readonly string[] }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const candidates = useDelegateCandidates(deferredSearch);
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreateDelegation();
  const people = candidates.data?.users ?? [];
  const defaultValues: DelegationFormInput = {
    delegate_user_id: '',
    starts_at: localInputValue(new Date()),
    ends_at: '',
    reason: '',
    lend_roles: [],
  };
  const form = useZodForm(ZDelegationForm, { defaultValues });

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">New delegation</h2>
        <AppForm
          error={create.error}
          form={form}
          onSubmit={(values) => {
            setSaved(null);
            const start = toInstant(values.starts_at);
            const end = toInstant(values.ends_at) ?? '';
            const name = people.find((p) => p.id === values.delegate_user_id)?.name;
            create.mutate(
              {
                delegate_user_id: values.delegate_user_id,
                ...(start ? { starts_at: start } : {}),
                ends_at: end,
                reason: values.reason,
                lend_roles: values.lend_roles,
              },
              {
                onSuccess: () => {
                  setSaved(
                    `${name ?? 'your delegate'} now decides your approvals until ${when(end)}.`,
                  );
                  form.reset({ ...defaultValues, starts_at: values.starts_at });
                },
              },
            );
          }}
        >
          <div className="row g-3">
            <Form.Group className="col-12 col-md-6" controlId={`${id}-search`}>
              <Form.Label>Find a colleague</Form.Label>
              <Form.Control
                type="search"
                placeholder="Name or e-mail"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </Form.Group>
            <SelectField
              name="delegate_user_id"
              label="Delegate to"
              isRequired
              className="col-12 col-md-6"
              emptyLabel={
                candidates.isPending
                  ? 'Loading…'
                  : people.length === 0
                    ? 'Nobody matches'
                    : 'Choose a person'
              }
              options={people.map((person) => ({
                value: person.id,
                label: `${person.name} (${person.email})`,
              }))}
            />
            <DateTimeField name="starts_at" label="From" />
            <DateTimeField name="ends_at" label="Until" isRequired minOf="starts_at" />
            <TextField
              name="reason"
              label="Reason (optional)"
              maxLength={500}
              placeholder="Annual leave"
              className="col-12 col-xl-6"
            />
            {lendableRoles.length > 0 ? <LendRoles roles={lendableRoles} /> : null}
          </div>
          <FormProblem error={create.error} className="mt-3 mb-0" />
          {saved ? (
            <Alert variant="success" className="mt-3 mb-0" role="status">
              {saved}
            </Alert>
          ) : null}
          <SubmitButton className="mt-3" isPending={create.isPending}>
            Delegate my approvals
          </SubmitButton>
        </AppForm>
      </Card.Body>
    </Card>
  );
}

/** A local date and time (the kit's fields have no datetime-local), bound to the form. */
function DateTimeField(props: {
  name: string;
  label: string;
  isRequired?: boolean;
  minOf?: string;
}) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<DelegationFormInput>();
  const name = props.name as 'starts_at' | 'ends_at';
  const min = useWatch<DelegationFormInput>({ name: (props.minOf ?? name) as typeof name });
  const error = getFieldState(name, formState).error?.message;
  return (
    <FieldShell
      id={id}
      label={props.label}
      isRequired={props.isRequired}
      error={error}
      className="col-12 col-sm-6 col-xl-3"
    >
      <Form.Control
        type="datetime-local"
        {...register(name)}
        min={props.minOf && typeof min === 'string' && min ? min : undefined}
        isInvalid={Boolean(error)}
        aria-required={props.isRequired || undefined}
        aria-describedby={describedByOf(id, Boolean(error), false)}
      />
    </FieldShell>
  );
}

/** The user's own roles, which the delegate may borrow for the window. */
function LendRoles({ roles }: { roles: readonly string[] }) {
  const id = useId();
  const { setValue } = useFormContext<DelegationFormInput>();
  const lent = useWatch<DelegationFormInput, 'lend_roles'>({ name: 'lend_roles' });
  return (
    <fieldset className="col-12">
      <legend className="form-label fs-6 mb-1">Also lend my roles (optional)</legend>
      <div className="small text-body-secondary mb-1">
        Your delegate already decides the steps you could decide. Lending a role also gives them
        what the role allows, until the delegation ends.
      </div>
      {roles.map((role) => (
        <Form.Check
          inline
          key={role}
          id={`${id}-role-${role}`}
          label={role}
          checked={lent.includes(role)}
          onChange={() =>
            setValue(
              'lend_roles',
              lent.includes(role) ? lent.filter((r) => r !== role) : [...lent, role],
              { shouldDirty: true },
            )
          }
        />
      ))}
    </fieldset>
  );
}

function DelegationList(props: {
  title: string;
  empty: string;
  rows: readonly Delegation[];
  other: 'delegate' | 'delegator';
  canEnd?: boolean;
}) {
  const { other, canEnd = false } = props;
  const end = useEndDelegation();
  const { isPending, mutate } = end;
  const columns = useMemo(() => {
    const list: ColumnDef<Delegation, never>[] = [
      textColumn('person', other === 'delegate' ? 'Delegate' : 'For', (delegation) => (
        <>
          {delegation[other].name}
          <div className="small text-body-secondary">{delegation[other].email}</div>
        </>
      )),
      valueColumn('when', 'When', (delegation) => (
        <>
          <div>from {when(delegation.starts_at)}</div>
          <div>until {when(delegation.ends_at)}</div>
        </>
      )),
      valueColumn('state', 'State', (delegation) => (
        <StatusBadge {...STATE_BADGES[delegation.state]} />
      )),
      textColumn('roles', 'Roles lent', (delegation) => delegation.lent_roles.join(', ') || '—'),
      textColumn('reason', 'Reason', (delegation) => delegation.reason || '—'),
    ];
    if (!canEnd) return list;
    const actions = actionsColumn<Delegation>((delegation) =>
      delegation.state === 'ended' ? null : (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={isPending}
          onClick={() => mutate(delegation.id)}
          aria-label={`End the delegation to ${delegation[other].name}`}
        >
          {delegation.state === 'scheduled' ? 'Cancel' : 'End now'}
        </Button>
      ),
    );
    return [...list, actions];
  }, [other, canEnd, isPending, mutate]);
  return (
    <section className="mb-4" aria-label={props.title}>
      <h2 className="h5">{props.title}</h2>
      {end.isError ? (
        <Alert variant="danger" dismissible onClose={() => end.reset()}>
          {end.error.message}
        </Alert>
      ) : null}
      {props.rows.length === 0 ? (
        <p className="text-body-secondary">{props.empty}</p>
      ) : (
        <div className="card">
          <DataTable
            data={props.rows}
            columns={columns}
            caption={props.title}
            getRowId={(row) => row.id}
            size="sm"
          />
        </div>
      )}
    </section>
  );
}

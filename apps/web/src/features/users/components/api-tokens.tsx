import { ZCreateApiTokenBody } from '@bastion/domain/accounts/user-admin-schemas';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { z } from 'zod';
import { actionsColumn, nameColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ShownOnceSecret } from '@/components/shown-once-secret.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
  type ApiTokenRow,
  type UserDetail,
} from '../api/users.ts';
import { when } from './user-display.tsx';

const LIFETIMES = ['30', '90', '180', '365'] as const;

const ZNewTokenForm = z.object({
  name: ZCreateApiTokenBody.shape.name,
  expires_in_days: z.enum(LIFETIMES, { error: 'Choose how long the token works.' }),
});

const STATE_BADGES: Record<
  ApiTokenRow['state'],
  { label: string; tone: 'success' | 'grey' | 'red' }
> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'grey' },
  revoked: { label: 'Revoked', tone: 'red' },
};

/** The tokens' columns; `revokeButton` ends the row of a token still active. */
const tokenColumns = (revokeButton: (token: ApiTokenRow) => ReactNode) => [
  nameColumn<ApiTokenRow>('name', 'Name', (token) => token.name),
  valueColumn<ApiTokenRow>('prefix', 'Starts with', (token) => <code>{token.token_prefix}…</code>),
  valueColumn<ApiTokenRow>('state', 'State', (token) => (
    <StatusBadge {...STATE_BADGES[token.state]} />
  )),
  valueColumn<ApiTokenRow>(
    'created',
    'Created',
    (token) => (
      <>
        {when(token.created_at)}
        {token.created_by_email ? (
          <div className="text-body-secondary">by {token.created_by_email}</div>
        ) : null}
      </>
    ),
    { isText: true, className: 'small' },
  ),
  valueColumn<ApiTokenRow>(
    'expires',
    'Expires',
    (token) =>
      token.state === 'revoked' ? `Revoked ${when(token.revoked_at)}` : when(token.expires_at),
    { isText: true, className: 'small' },
  ),
  valueColumn<ApiTokenRow>(
    'last_used',
    'Last used',
    (token) => (
      <>
        {when(token.last_used_at, 'Never')}
        {token.last_used_ip ? (
          <div className="text-body-secondary">from {token.last_used_ip}</div>
        ) : null}
      </>
    ),
    { isText: true, className: 'small' },
  ),
  actionsColumn<ApiTokenRow>((token) => (token.state === 'active' ? revokeButton(token) : null)),
];

function NewTokenForm({
  email,
  onCreated,
}: {
  email: string;
  onCreated: (created: { token: string; row: ApiTokenRow }) => void;
}) {
  const form = useZodForm(ZNewTokenForm, {
    defaultValues: { name: '', expires_in_days: '90' },
    mode: 'onSubmit',
  });
  const create = useCreateApiToken();
  return (
    <AppForm
      form={form}
      aria-label="New API token"
      error={create.error}
      onSubmit={(values) =>
        create
          .mutateAsync({
            email,
            name: values.name,
            expires_in_days: Number(values.expires_in_days),
          })
          .then(
            (created) => {
              form.reset();
              onCreated(created);
            },
            () => undefined,
          )
      }
    >
      <FormProblem error={create.error} />
      <div className="row g-2 align-items-start">
        <TextField
          name="name"
          label="Token name"
          help="What uses it, e.g. Order system."
          maxLength={100}
          isRequired
          autoComplete="off"
          className="col-md-6 mb-2"
        />
        <SelectField
          name="expires_in_days"
          label="Works for"
          options={LIFETIMES.map((days) => ({ value: days, label: `${days} days` }))}
          className="col-md-3 mb-2"
        />
        <div className="col-md-3 mb-2 pt-md-4">
          <SubmitButton isPending={create.isPending}>Create token</SubmitButton>
        </div>
      </div>
    </AppForm>
  );
}

/**
 * A service account's API tokens (issue 21): make one (shown once), see when each was last used
 * and from where, and revoke one, which stops it at once.
 */
export function ApiTokens({ user }: { user: UserDetail }) {
  const tokens = useApiTokens(user.email);
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<{ token: string; row: ApiTokenRow } | null>(null);
  const rows = tokens.data?.tokens ?? [];
  return (
    <Card className="mb-4">
      <Card.Header>
        <h2 className="h6 mb-0">API tokens</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          This service account calls the API with these tokens, under its roles. Every call is
          recorded under its name. A token stops working when it expires, when it is revoked, or
          while the account is disabled.
        </p>
        {created ? (
          <ShownOnceSecret
            label="New API token"
            title={`Token “${created.row.name}” created.`}
            secret={created.token}
            onDone={() => setCreated(null)}
          >
            Copy it now and keep it in the program&apos;s secret store: it is not shown again. Send
            it as <code className="text-body">Authorization: Bearer …</code>.
          </ShownOnceSecret>
        ) : null}
        {user.is_disabled ? (
          <Alert variant="warning">Enable this service account to create tokens for it.</Alert>
        ) : (
          <NewTokenForm email={user.email} onCreated={setCreated} />
        )}
        {revoke.error ? (
          <Alert variant="danger" role="alert">
            {revoke.error.message}
          </Alert>
        ) : null}
        {tokens.isError ? (
          <Alert variant="danger" role="alert">
            The tokens could not be loaded: {tokens.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <p className="mb-0 text-body-secondary">
            {tokens.isPending ? 'Loading…' : 'No tokens yet.'}
          </p>
        ) : (
          <DataTable
            caption="API tokens"
            size="sm"
            data={rows}
            columns={tokenColumns((token) => (
              <ConfirmButton
                label={`Revoke token ${token.name}`}
                text="Revoke"
                question={`Stop the token “${token.name}” now? Programs using it get 401 from the next call.`}
                confirmText="Revoke"
                isPending={revoke.isPending}
                onConfirm={() => revoke.mutate({ email: user.email, token_id: token.id })}
              />
            ))}
            getRowId={(token) => token.id}
          />
        )}
      </Card.Body>
    </Card>
  );
}

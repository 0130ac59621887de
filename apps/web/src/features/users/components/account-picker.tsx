import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useController, useFormContext } from 'react-hook-form';
import { FieldNotes } from '@/components/form/field-shell.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import { useAccountOptions, type AccountOption } from '../api/users.ts';

const SHOWN_RESULTS = 8;

/**
 * The CRM accounts a role is limited to: search by name, tick to add; the form keeps the
 * accounts' ids (what the server checks against), the administrator sees their names.
 */
export function AccountPicker({ name, roleLabel }: { name: string; roleLabel: string }) {
  const id = useId();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldMessage(name);
  const chosen = (field.value ?? []) as string[];
  const [text, setText] = useState('');
  const search = useDebouncedSearch(text);
  const options = useAccountOptions(search);
  // Names of the accounts picked here, for when the search no longer lists them.
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const results = options.data?.accounts ?? [];
  const nameOf = (accountId: string) =>
    picked.get(accountId) ?? results.find((a) => a.id === accountId)?.name ?? accountId;

  const toggle = (account: AccountOption, isChecked: boolean) => {
    if (isChecked) setPicked(new Map(picked).set(account.id, account.name));
    field.onChange(
      isChecked ? [...chosen, account.id] : chosen.filter((value) => value !== account.id),
    );
  };

  return (
    <fieldset className="mb-0" aria-describedby={error ? `${id}-message` : undefined}>
      <legend className="form-label fs-6 mb-1">Accounts</legend>
      {chosen.length > 0 ? (
        <div
          className="d-flex flex-wrap gap-1 mb-2"
          aria-label={`Accounts ${roleLabel} is limited to`}
        >
          {chosen.map((accountId) => (
            <Badge key={accountId} bg="light" text="dark" className="border fw-normal">
              {nameOf(accountId)}
              <Button
                variant="link"
                size="sm"
                className="p-0 ms-1 align-baseline"
                aria-label={`Remove account ${nameOf(accountId)}`}
                onClick={() => field.onChange(chosen.filter((value) => value !== accountId))}
              >
                <i className="bi bi-x" aria-hidden="true" />
              </Button>
            </Badge>
          ))}
        </div>
      ) : null}
      <Form.Control
        type="search"
        size="sm"
        placeholder="Search accounts by name"
        aria-label={`Search accounts for ${roleLabel}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={field.onBlur}
      />
      <div className="mt-2 small" aria-live="polite">
        {options.isPending ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading accounts" />
        ) : options.isError ? (
          <span className="text-danger">{options.error.message}</span>
        ) : results.length === 0 ? (
          <span className="text-body-secondary">No account matches.</span>
        ) : (
          results
            .slice(0, SHOWN_RESULTS)
            .map((account) => (
              <Form.Check
                key={account.id}
                id={`${id}-${account.id}`}
                label={account.name}
                checked={chosen.includes(account.id)}
                onChange={(event) => toggle(account, event.target.checked)}
              />
            ))
        )}
        {results.length > SHOWN_RESULTS ? (
          <div className="text-body-secondary">
            {results.length - SHOWN_RESULTS} more: type more of the name to narrow the list.
          </div>
        ) : null}
      </div>
      <FieldNotes id={id} error={error} isAlert />
    </fieldset>
  );
}

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { BoundShell, useBoundField } from '@/components/form/fields.tsx';
import { useCrmAccounts, type CrmAccountKind } from '../api/crm-accounts.ts';
import { useSearchText } from '@/lib/use-debounced-value.ts';
import { accountKindLabel } from './record-options.ts';

const SHOWN = 8;

/**
 * Chooses an account of one kind (customer, partner or distributor) by searching its name, id
 * or country; the form holds its id ('' for none). Shows the choice with "Change" and, when
 * optional, "Clear".
 */
export function AccountPickerField(props: {
  /** The form field holding the account's id. */
  name: string;
  label: string;
  kind: CrmAccountKind;
  /** The name of the account the record names when the form opens. */
  initialName: string | null;
  isRequired?: boolean;
  help?: string;
  /** After a pick or a clear (the partner's contact goes with its partner). */
  onPicked?: () => void;
}) {
  const { id, ref, binding, error, describedBy } = useBoundField(props);
  const value = typeof binding.value === 'string' ? binding.value : '';
  const [pickedName, setPickedName] = useState(props.initialName);
  const [isPicking, setIsPicking] = useState(false);
  const { text, setText, search } = useSearchText(250);
  const matches = useCrmAccounts(
    { search, kind: props.kind, page: 1, page_size: SHOWN },
    { enabled: isPicking },
  );
  const kindName = accountKindLabel(props.kind).toLowerCase();
  const shownName = value ? (pickedName ?? value) : '';

  const pick = (account: { id: string; name: string } | null) => {
    binding.onChange(account?.id ?? '');
    binding.onBlur();
    setPickedName(account?.name ?? null);
    setIsPicking(false);
    setText('');
    props.onPicked?.();
  };

  return (
    <BoundShell field={props} id={id} error={error}>
      {isPicking ? (
        <>
          <InputGroup hasValidation>
            <Form.Control
              type="search"
              autoFocus
              placeholder="Name, id or country"
              aria-label={`Search ${kindName} accounts`}
              aria-describedby={describedBy}
              value={text}
              onChange={(event) => setText(event.target.value)}
              isInvalid={Boolean(error)}
            />
            <Button variant="outline-secondary" onClick={() => setIsPicking(false)}>
              Cancel
            </Button>
          </InputGroup>
          {matches.isPending ? (
            <Spinner
              animation="border"
              size="sm"
              className="mt-2"
              role="status"
              aria-label={`Finding ${kindName} accounts`}
            />
          ) : matches.isError ? (
            <div className="text-danger small mt-1">{matches.error.message}</div>
          ) : matches.data.rows.length === 0 ? (
            <div className="small text-body-secondary mt-1">
              No {kindName} account matches. Add it on the Accounts tab first.
            </div>
          ) : (
            <ListGroup className="mt-1" aria-label={`Matching ${kindName} accounts`}>
              {matches.data.rows.map((account) => (
                <ListGroup.Item key={account.id} action onClick={() => pick(account)}>
                  <div className="fw-semibold">{account.name}</div>
                  <div className="small text-body-secondary">
                    {[account.id, account.region, account.country].filter(Boolean).join(' · ')}
                  </div>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </>
      ) : (
        <InputGroup hasValidation>
          <Form.Control
            ref={ref}
            readOnly
            value={shownName}
            title={value ? `${shownName} (${value})` : undefined}
            placeholder={props.isRequired ? `Choose a ${kindName} account` : 'None'}
            isInvalid={Boolean(error)}
            aria-required={props.isRequired || undefined}
            aria-describedby={describedBy}
          />
          <Button
            variant="outline-primary"
            onClick={() => setIsPicking(true)}
            aria-label={`${value ? 'Change' : 'Choose'} ${props.label.toLowerCase()}`}
          >
            {value ? 'Change' : 'Choose'}
          </Button>
          {value && !props.isRequired ? (
            <Button
              variant="outline-secondary"
              onClick={() => pick(null)}
              aria-label={`Clear ${props.label.toLowerCase()}`}
            >
              Clear
            </Button>
          ) : null}
        </InputGroup>
      )}
    </BoundShell>
  );
}

import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useCrmAccounts, type CrmAccountKind } from '../api/crm-accounts.ts';
import { accountKindLabel } from './record-options.ts';

export interface PickedAccount {
  id: string;
  name: string;
}

const SHOWN = 8;

/**
 * Chooses an account of one kind (customer, partner or distributor) by searching its name, id
 * or country. Shows the choice with "Change" and, when optional, "Clear".
 */
export function AccountPicker(props: {
  label: string;
  kind: CrmAccountKind;
  value: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  error?: string | undefined;
  isRequired?: boolean;
  help?: string;
}) {
  const id = useId();
  const [isPicking, setIsPicking] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = useCrmAccounts(
    { search, kind: props.kind, page: 1, page_size: SHOWN },
    { enabled: isPicking },
  );
  const kindName = accountKindLabel(props.kind).toLowerCase();

  const pick = (account: PickedAccount | null) => {
    props.onChange(account);
    setIsPicking(false);
    setText('');
  };

  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>
        {props.label}
        {props.isRequired ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </Form.Label>
      {isPicking ? (
        <>
          <InputGroup hasValidation>
            <Form.Control
              id={id}
              type="search"
              autoFocus
              placeholder="Name, id or country"
              aria-label={`Search ${kindName} accounts`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              isInvalid={Boolean(props.error)}
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
                <ListGroup.Item
                  key={account.id}
                  action
                  onClick={() => pick({ id: account.id, name: account.name })}
                >
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
            id={id}
            readOnly
            value={props.value?.name ?? ''}
            title={props.value ? `${props.value.name} (${props.value.id})` : undefined}
            placeholder={props.isRequired ? `Choose a ${kindName} account` : 'None'}
            isInvalid={Boolean(props.error)}
          />
          <Button
            variant="outline-primary"
            onClick={() => setIsPicking(true)}
            aria-label={`${props.value ? 'Change' : 'Choose'} ${props.label.toLowerCase()}`}
          >
            {props.value ? 'Change' : 'Choose'}
          </Button>
          {props.value && !props.isRequired ? (
            <Button
              variant="outline-secondary"
              onClick={() => pick(null)}
              aria-label={`Clear ${props.label.toLowerCase()}`}
            >
              Clear
            </Button>
          ) : null}
          <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
        </InputGroup>
      )}
      {props.help ? <Form.Text>{props.help}</Form.Text> : null}
    </Form.Group>
  );
}

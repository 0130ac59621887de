import { useState, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  useLookupLists,
  useMoveLookupValue,
  useSaveLookupValue,
  type LookupList,
  type LookupValue,
  type SavedLookupValue,
} from '../api/lookup-lists.ts';
import { byListName, lookupListName } from './lookup-list-names.ts';

/** The server's messages for a refused save, by field ("label", "is_active"…). */
function fieldProblemsOf(error: unknown): Readonly<Record<string, string>> {
  if (!isApiError(error)) return {};
  const problems: Record<string, string> = {};
  for (const item of error.errors) problems[item.path] ??= item.message;
  return problems;
}

/** A refusal the fields in view cannot show, in one sentence; null otherwise. */
function otherProblemOf(error: unknown, shownPaths: readonly string[]): string | null {
  if (!error) return null;
  const problems = fieldProblemsOf(error);
  if (shownPaths.some((path) => problems[path])) return null;
  const messages = Object.values(problems);
  if (messages.length > 0) return messages.join(' ');
  return error instanceof Error ? error.message : 'Nothing was saved.';
}

function InlineProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="small text-danger mt-1">
      {message}
    </div>
  );
}

/**
 * The lookup lists forms offer (issue 6): pick a list, relabel, retire and reorder its values,
 * add new ones. The lists themselves come with the product.
 */
export function LookupListsSection() {
  const lists = useLookupLists();
  const [selected, setSelected] = useState<string | null>(null);

  if (lists.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the lists" />;
  }
  if (lists.isError) {
    return <ErrorScreen error={lists.error} onRetry={() => void lists.refetch()} />;
  }
  const names = lists.data.map((list) => list.lookup).sort(byListName);
  const lookup = selected !== null && names.includes(selected) ? selected : names[0];
  const list = lists.data.find((l) => l.lookup === lookup);
  if (lookup === undefined || list === undefined) {
    return <NoData title="No lists yet" message="Lists appear here once forms use them." />;
  }

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center gap-3">
        <h2 className="h5 mb-0 me-auto">{lookupListName(lookup)}</h2>
        <Form.Group controlId="lookup-list-choice" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0">List</Form.Label>
          <Form.Select size="sm" value={lookup} onChange={(e) => setSelected(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {lookupListName(name)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">
          Forms offer the values switched on, in this order. The code is what quotes store, so it
          never changes: to rename a value, change its label. A value switched off stays on the
          quotes that chose it; new choices no longer offer it.
        </p>
        <LookupValuesTable key={lookup} list={list} />
      </Card.Body>
    </Card>
  );
}

function LookupValuesTable({ list }: { list: LookupList }) {
  const move = useMoveLookupValue();
  const families = [
    ...new Set(list.values.flatMap((v) => (v.family === null ? [] : [v.family]))),
  ].sort();
  const hasFamilies = families.length > 0;
  const name = lookupListName(list.lookup);
  const offered = list.values.filter((v) => v.is_active).length;

  return (
    <>
      <Table responsive className="align-middle mb-2" aria-label={`Values of ${name}`}>
        <thead>
          <tr>
            <th scope="col" style={{ width: '6.5rem' }}>
              Order
            </th>
            <th scope="col" style={{ width: '9.5rem' }}>
              Code
            </th>
            <th scope="col">Label</th>
            {hasFamilies ? (
              <th scope="col" style={{ width: '10rem' }}>
                Family
              </th>
            ) : null}
            <th scope="col" style={{ width: '8rem' }}>
              Offered
            </th>
            <th scope="col" style={{ width: '9rem' }}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.values.map((value, index) => (
            <LookupValueRow
              key={value.value}
              lookup={list.lookup}
              value={value}
              families={hasFamilies ? families : null}
              canMoveUp={index > 0}
              canMoveDown={index < list.values.length - 1}
              isMoving={move.isPending}
              onMove={(direction) =>
                move.mutate({ lookup: list.lookup, value: value.value, direction })
              }
            />
          ))}
        </tbody>
        <tfoot>
          <AddValueRow list={list} families={hasFamilies ? families : null} />
        </tfoot>
      </Table>
      <p className="small text-body-secondary mb-0">
        {offered === 1 ? '1 value offered' : `${offered} values offered`}
        {list.values.length > offered ? `, ${list.values.length - offered} switched off` : ''}.
      </p>
      {move.isError ? (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          The order was not changed: {move.error.message}
        </Alert>
      ) : null}
    </>
  );
}

function FamilySelect(props: {
  label: string;
  families: readonly string[];
  value: string | null;
  problem: string | null;
  onChange: (family: string | null) => void;
}) {
  return (
    <>
      <Form.Select
        size="sm"
        aria-label={props.label}
        value={props.value ?? ''}
        isInvalid={props.problem !== null}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">None</option>
        {props.families.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </Form.Select>
      <InlineProblem message={props.problem} />
    </>
  );
}

interface Draft {
  label: string;
  family: string | null;
}

function LookupValueRow(props: {
  lookup: string;
  value: LookupValue;
  /** The list's families, when it uses them. */
  families: readonly string[] | null;
  canMoveUp: boolean;
  canMoveDown: boolean;
  isMoving: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  const { lookup, value } = props;
  const save = useSaveLookupValue();
  const [draft, setDraft] = useState<Draft | null>(null);
  const label = draft?.label ?? value.label;
  const family = draft ? draft.family : value.family;
  const isChanged =
    draft !== null && (draft.label.trim() !== value.label || draft.family !== value.family);
  const problems = fieldProblemsOf(save.error);
  const labelProblem = draft !== null && label.trim() === '' ? 'Enter a label.' : problems.label;
  const code = value.value;

  const edit = (change: Partial<Draft>) => {
    save.reset();
    setDraft({ label, family, ...change });
  };
  const submit = () => {
    if (!isChanged || label.trim() === '') return;
    save.mutate(
      { lookup, value: code, label: label.trim(), family, is_active: value.is_active },
      { onSuccess: () => setDraft(null) },
    );
  };

  return (
    <tr className={value.is_active ? undefined : 'text-body-secondary'}>
      <td>
        <div className="btn-group btn-group-sm">
          <Button
            variant="outline-secondary"
            aria-label={`Move ${code} up`}
            disabled={!props.canMoveUp || props.isMoving}
            onClick={() => props.onMove('up')}
          >
            <i className="bi bi-arrow-up" aria-hidden="true" />
          </Button>
          <Button
            variant="outline-secondary"
            aria-label={`Move ${code} down`}
            disabled={!props.canMoveDown || props.isMoving}
            onClick={() => props.onMove('down')}
          >
            <i className="bi bi-arrow-down" aria-hidden="true" />
          </Button>
        </div>
      </td>
      <td>
        <code className={value.is_active ? undefined : 'text-body-secondary'}>{code}</code>
      </td>
      <td>
        <Form.Control
          size="sm"
          aria-label={`Label of ${code}`}
          value={label}
          maxLength={120}
          isInvalid={Boolean(labelProblem)}
          onChange={(e) => edit({ label: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
            if (e.key === 'Escape') setDraft(null);
          }}
        />
        <InlineProblem message={labelProblem ?? null} />
      </td>
      {props.families ? (
        <td>
          <FamilySelect
            label={`Family of ${code}`}
            families={props.families}
            value={family}
            problem={problems.family ?? null}
            onChange={(next) => edit({ family: next })}
          />
        </td>
      ) : null}
      <td>
        <Form.Check
          type="switch"
          id={`lookup-active-${lookup}-${code}`}
          aria-label={`Offer ${code}`}
          label={value.is_active ? 'On' : 'Off'}
          checked={value.is_active}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate({ lookup, value: code, label: value.label, is_active: e.target.checked })
          }
        />
        <InlineProblem message={problems.is_active ?? null} />
      </td>
      <td className="text-end">
        {isChanged ? (
          <div className="d-flex gap-1 justify-content-end">
            <Button
              size="sm"
              variant="primary"
              aria-label={`Save ${code}`}
              disabled={save.isPending || label.trim() === ''}
              onClick={submit}
            >
              Save
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Undo the changes to ${code}`}
              onClick={() => {
                save.reset();
                setDraft(null);
              }}
            >
              Undo
            </Button>
          </div>
        ) : save.isSuccess ? (
          <span role="status" className="small text-success text-nowrap">
            <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
            Saved
          </span>
        ) : null}
        <InlineProblem message={otherProblemOf(save.error, ['label', 'family', 'is_active'])} />
      </td>
    </tr>
  );
}

function AddValueRow({ list, families }: { list: LookupList; families: readonly string[] | null }) {
  const save = useSaveLookupValue();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [family, setFamily] = useState<string | null>(null);
  const [isActive, setIsActive] = useState(true);
  const [added, setAdded] = useState<SavedLookupValue | null>(null);
  const problems = fieldProblemsOf(save.error);
  const twin = list.values.find((v) => v.value.toLowerCase() === code.trim().toLowerCase());
  const codeProblem = twin
    ? `${twin.value} is already in the list: change its label above.`
    : (problems.value ?? null);
  const isReady = code.trim() !== '' && label.trim() !== '' && !twin;

  const edit = () => {
    save.reset();
    setAdded(null);
  };
  const submit = () => {
    if (!isReady || save.isPending) return;
    save.mutate(
      {
        lookup: list.lookup,
        value: code.trim(),
        label: label.trim(),
        ...(families ? { family } : {}),
        is_active: isActive,
      },
      {
        onSuccess: (saved) => {
          setAdded(saved);
          setCode('');
          setLabel('');
        },
      },
    );
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') submit();
  };

  return (
    <tr>
      <td className="small text-body-secondary">New value</td>
      <td>
        <Form.Control
          size="sm"
          aria-label="Code of the new value"
          placeholder="Code, e.g. ME"
          value={code}
          maxLength={40}
          isInvalid={codeProblem !== null}
          onChange={(e) => {
            edit();
            setCode(e.target.value);
          }}
          onKeyDown={onEnter}
        />
        <InlineProblem message={codeProblem} />
      </td>
      <td>
        <Form.Control
          size="sm"
          aria-label="Label of the new value"
          placeholder="Label people see"
          value={label}
          maxLength={120}
          isInvalid={Boolean(problems.label)}
          onChange={(e) => {
            edit();
            setLabel(e.target.value);
          }}
          onKeyDown={onEnter}
        />
        <InlineProblem message={problems.label ?? null} />
      </td>
      {families ? (
        <td>
          <FamilySelect
            label="Family of the new value"
            families={families}
            value={family}
            problem={problems.family ?? null}
            onChange={(next) => {
              edit();
              setFamily(next);
            }}
          />
        </td>
      ) : null}
      <td>
        <Form.Check
          type="switch"
          id={`lookup-active-new-${list.lookup}`}
          aria-label="Offer the new value"
          label={isActive ? 'On' : 'Off'}
          checked={isActive}
          onChange={(e) => {
            edit();
            setIsActive(e.target.checked);
          }}
        />
      </td>
      <td className="text-end">
        <Button size="sm" variant="primary" disabled={!isReady || save.isPending} onClick={submit}>
          {save.isPending ? (
            <Spinner animation="border" size="sm" aria-hidden="true" />
          ) : (
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          )}
          Add value
        </Button>
        {added ? (
          <div role="status" className="small text-success mt-1">
            <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
            Added {added.value}
          </div>
        ) : null}
        <InlineProblem message={otherProblemOf(save.error, ['value', 'label', 'family'])} />
      </td>
    </tr>
  );
}

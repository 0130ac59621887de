import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useSaveLookupValue, type LookupList, type SavedLookupValue } from '../api/lookup-lists.ts';
import { FamilySelect, InlineProblem, otherProblemOf } from './lookup-value-parts.tsx';

/** The row under a list's values that adds one (its code is new to the list). */
export function AddValueRow({
  list,
  families,
}: {
  list: LookupList;
  families: readonly string[] | null;
}) {
  const save = useSaveLookupValue();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [family, setFamily] = useState<string | null>(null);
  const [isActive, setIsActive] = useState(true);
  const [added, setAdded] = useState<SavedLookupValue | null>(null);
  const problems = fieldErrorsOf(save.error);
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

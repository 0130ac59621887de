import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useSaveLookupValue, type LookupList, type SavedLookupValue } from '../api/lookup-lists.ts';
import { FamilySelect, InlineProblem, otherProblemOf } from './lookup-value-parts.tsx';

/** The new value's two texts, as cells of the row. */
const TEXT_CELLS = [
  { name: 'code', label: 'Code of the new value', placeholder: 'Code, e.g. ME', maxLength: 40 },
  {
    name: 'label',
    label: 'Label of the new value',
    placeholder: 'Label people see',
    maxLength: 120,
  },
] as const;

/** The row under a list's values that adds one (its code is new to the list). */
export function AddValueRow({
  list,
  families,
}: {
  list: LookupList;
  families: readonly string[] | null;
}) {
  const save = useSaveLookupValue();
  const [texts, setTexts] = useState({ code: '', label: '' });
  const { code, label } = texts;
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
          setTexts({ code: '', label: '' });
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
      {TEXT_CELLS.map((cell) => {
        const problem = cell.name === 'code' ? codeProblem : (problems.label ?? null);
        return (
          <td key={cell.name}>
            <Form.Control
              size="sm"
              aria-label={cell.label}
              placeholder={cell.placeholder}
              value={texts[cell.name]}
              maxLength={cell.maxLength}
              isInvalid={Boolean(problem)}
              onChange={(e) => {
                edit();
                setTexts({ ...texts, [cell.name]: e.target.value });
              }}
              onKeyDown={onEnter}
            />
            <InlineProblem message={problem} />
          </td>
        );
      })}
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

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useSaveLookupValue, type LookupValue } from '../api/lookup-lists.ts';
import { FamilySelect, InlineProblem, otherProblemOf } from './lookup-value-parts.tsx';

interface Draft {
  label: string;
  family: string | null;
}

/** One value of a list: its order, label, family and whether forms offer it, saved in place. */
export function LookupValueRow(props: {
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
  const problems = fieldErrorsOf(save.error);
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
          {(['up', 'down'] as const).map((direction) => (
            <Button
              key={direction}
              variant="outline-secondary"
              aria-label={`Move ${code} ${direction}`}
              disabled={
                !(direction === 'up' ? props.canMoveUp : props.canMoveDown) || props.isMoving
              }
              onClick={() => props.onMove(direction)}
            >
              <i className={`bi bi-arrow-${direction}`} aria-hidden="true" />
            </Button>
          ))}
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

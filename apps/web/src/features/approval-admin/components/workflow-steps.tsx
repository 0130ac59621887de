import type { WorkflowFormInput } from '@bastion/domain/approval-admin/schemas';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import type { ApprovalGroup } from '../api/groups.ts';

const MODES = [
  { value: 'PARALLEL', label: 'All groups at once (in parallel)' },
  { value: 'SEQUENTIAL', label: 'One group after another (in turn)' },
];

/**
 * The steps of a workflow, in order: each with its name, how its groups approve, and the groups
 * (a group approves in one step only, so a group another step took is not offered again).
 */
export function WorkflowSteps({ groups }: { groups: readonly ApprovalGroup[] }) {
  const { control } = useFormContext<WorkflowFormInput>();
  const steps = useFieldArray({ control, name: 'steps' });
  const values = useWatch({ control, name: 'steps' });
  return (
    <>
      <ol className="list-unstyled d-flex flex-column gap-2" aria-label="Steps">
        {steps.fields.map((step, index) => {
          const label = `step ${index + 1}`;
          const taken = new Set(
            values.filter((_, other) => other !== index).flatMap((s) => s.group_ids),
          );
          return (
            <li key={step.id} className="workflow-step-editor" aria-label={`Step ${index + 1}`}>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <span className="badge text-bg-secondary">{index + 1}</span>
                <TextField
                  name={`steps.${index}.name`}
                  label={`Name of ${label}`}
                  isLabelHidden
                  className="flex-grow-1 mb-0"
                  maxLength={80}
                  placeholder="Step name, e.g. Finance review"
                />
                <SelectField
                  name={`steps.${index}.mode`}
                  label={`How the groups of ${label} approve`}
                  isLabelHidden
                  className="mb-0"
                  options={MODES}
                />
                <ButtonGroup size="sm">
                  <Button
                    variant="outline-secondary"
                    aria-label={`Move ${label} earlier`}
                    disabled={index === 0}
                    onClick={() => steps.move(index, index - 1)}
                  >
                    <i className="bi bi-arrow-up" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline-secondary"
                    aria-label={`Move ${label} later`}
                    disabled={index === steps.fields.length - 1}
                    onClick={() => steps.move(index, index + 1)}
                  >
                    <i className="bi bi-arrow-down" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline-danger"
                    aria-label={`Remove ${label}`}
                    onClick={() => steps.remove(index)}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </ButtonGroup>
              </div>
              <StepGroups index={index} label={label} groups={groups} taken={taken} />
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        className="mb-3"
        onClick={() => steps.append({ name: '', mode: 'PARALLEL', group_ids: [] })}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Add step
      </Button>
    </>
  );
}

function StepGroups({
  index,
  label,
  groups,
  taken,
}: {
  index: number;
  label: string;
  groups: readonly ApprovalGroup[];
  taken: ReadonlySet<string>;
}) {
  const { control } = useFormContext<WorkflowFormInput>();
  const { field } = useController({ control, name: `steps.${index}.group_ids` });
  const chosen = field.value;
  return (
    <div role="group" aria-label={`Groups of ${label}`} className="d-flex flex-wrap column-gap-3">
      {groups.map((group) => (
        <Form.Check
          key={group.id}
          inline
          className="me-0"
          id={`${field.name}-${group.id}`}
          label={
            taken.has(group.id) ? (
              <span className="text-body-secondary" title="Already in another step">
                {group.name} (in another step)
              </span>
            ) : (
              group.name
            )
          }
          disabled={taken.has(group.id)}
          checked={chosen.includes(group.id)}
          onChange={(e) =>
            field.onChange(
              e.target.checked ? [...chosen, group.id] : chosen.filter((g) => g !== group.id),
            )
          }
        />
      ))}
    </div>
  );
}

import {
  checkWorkflowNodes,
  type StepMode,
  type WorkflowNode,
} from '@bastion/domain/approvals/workflow';
import { useId, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { ApprovalGroup } from '../api/groups.ts';
import {
  useDeleteWorkflowTemplate,
  useSaveWorkflowTemplate,
  useSetDefaultWorkflow,
  type WorkflowTemplate,
} from '../api/workflows.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { fieldErrorsOf, isStale } from './field-errors.ts';
import { WorkflowDiagram } from './workflow-diagram.tsx';

interface DraftStep {
  key: string;
  name: string;
  mode: StepMode;
  groupIds: string[];
}

let lastKey = 0;
const draftStep = (step?: Extract<WorkflowNode, { kind: 'STEP' }>): DraftStep => ({
  key: `s${(lastKey += 1)}`,
  name: step?.name ?? '',
  mode: step?.mode ?? 'PARALLEL',
  groupIds: step ? [...step.group_ids] : [],
});

const toNodes = (steps: readonly DraftStep[]): WorkflowNode[] => [
  { kind: 'START' },
  ...steps.map((s): WorkflowNode => ({
    kind: 'STEP',
    name: s.name.trim(),
    mode: s.mode,
    group_ids: s.groupIds,
  })),
  { kind: 'END' },
];

/**
 * Creates or changes a workflow template: its steps in order between the start and end markers,
 * each with the groups that approve in it, together or in turn. The diagram follows the editing;
 * the domain's checkWorkflowNodes says what still needs doing.
 */
export function WorkflowEditor({
  workflow,
  groups,
  onSaved,
  onDeleted,
}: {
  workflow: WorkflowTemplate | null;
  groups: readonly ApprovalGroup[];
  onSaved: (workflow: WorkflowTemplate, verb: string) => void;
  onDeleted: (workflow: WorkflowTemplate) => void;
}) {
  const ids = useId();
  const [name, setName] = useState(workflow?.name ?? '');
  const [description, setDescription] = useState(workflow?.description ?? '');
  const [isDefault, setIsDefault] = useState(workflow?.is_default ?? false);
  const [steps, setSteps] = useState<DraftStep[]>(() =>
    workflow
      ? workflow.nodes.flatMap((n) => (n.kind === 'STEP' ? [draftStep(n)] : []))
      : [draftStep()],
  );
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useSaveWorkflowTemplate();
  const remove = useDeleteWorkflowTemplate();
  const makeDefault = useSetDefaultWorkflow();

  const groupNames = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);
  const nodes = useMemo(() => toNodes(steps), [steps]);
  const check = useMemo(
    () => checkWorkflowNodes(nodes, new Set(groupNames.keys())),
    [nodes, groupNames],
  );
  const error = save.error ?? remove.error ?? makeDefault.error;
  const serverProblems = fieldErrorsOf(error);
  const nameProblem =
    (isSubmitted && !name.trim() ? 'Give the workflow a name.' : undefined) ?? serverProblems.name;
  const stepsProblem = check.ok ? serverProblems.nodes : check.message;

  const change = (key: string, update: Partial<DraftStep>) =>
    setSteps((current) => current.map((s) => (s.key === key ? { ...s, ...update } : s)));
  const move = (index: number, by: -1 | 1) =>
    setSteps((current) => {
      const next = [...current];
      const [step] = next.splice(index, 1);
      if (step) next.splice(index + by, 0, step);
      return next;
    });
  // A group approves in one step only: a group taken by another step is not offered again.
  const takenElsewhere = (key: string) =>
    new Set(steps.filter((s) => s.key !== key).flatMap((s) => s.groupIds));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!name.trim() || !check.ok) return;
    save.mutate(
      {
        ...(workflow ? { id: workflow.id, version: workflow.version } : {}),
        name,
        description,
        nodes: check.nodes,
        is_default: isDefault,
      },
      { onSuccess: (saved) => onSaved(saved, workflow ? 'Saved' : 'Created') },
    );
  };

  return (
    <Card as="section" aria-label={workflow ? `Workflow ${workflow.name}` : 'New workflow'}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0">{workflow ? workflow.name : 'New workflow template'}</h2>
        {workflow?.is_default ? <Badge bg="success">Default</Badge> : null}
        {workflow && !workflow.is_default ? (
          <Button
            size="sm"
            variant="outline-success"
            className="ms-auto"
            disabled={makeDefault.isPending}
            onClick={() =>
              makeDefault.mutate(
                { id: workflow.id, version: workflow.version },
                { onSuccess: (saved) => onSaved(saved, 'Made the default:') },
              )
            }
          >
            <i className="bi bi-star me-1" aria-hidden="true" />
            Make default
          </Button>
        ) : null}
      </Card.Header>
      <Card.Body>
        {error && (isStale(error) || Object.keys(serverProblems).length === 0) ? (
          <Alert variant={isStale(error) ? 'warning' : 'danger'} role="alert">
            {error.message}
          </Alert>
        ) : null}
        <WorkflowDiagram
          name={name.trim() || 'new workflow'}
          nodes={nodes}
          groupNames={groupNames}
        />
        <Form noValidate onSubmit={submit}>
          <div className="row g-3 mb-3">
            <Form.Group className="col-12 col-xl-5" controlId={`${ids}-name`}>
              <Form.Label>Workflow name</Form.Label>
              <Form.Control
                value={name}
                maxLength={120}
                isInvalid={Boolean(nameProblem)}
                onChange={(e) => setName(e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{nameProblem}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-12 col-xl-7" controlId={`${ids}-description`}>
              <Form.Label>
                Description <span className="text-body-secondary">(optional)</span>
              </Form.Label>
              <Form.Control
                value={description}
                maxLength={500}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Form.Group>
          </div>

          <h3 className="h6">Steps, in order</h3>
          <p className="small text-body-secondary">
            A quote goes through the steps whose groups its rules require, in this order; steps with
            none of them are skipped. Groups a rule requires that no step names approve last.
          </p>
          <ol className="list-unstyled d-flex flex-column gap-2" aria-label="Steps">
            {steps.map((step, index) => {
              const taken = takenElsewhere(step.key);
              const label = `step ${index + 1}`;
              return (
                <li
                  key={step.key}
                  className="workflow-step-editor"
                  aria-label={`Step ${index + 1}`}
                >
                  <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                    <span className="badge text-bg-secondary">{index + 1}</span>
                    <Form.Control
                      size="sm"
                      className="w-auto flex-grow-1"
                      aria-label={`Name of ${label}`}
                      placeholder="Step name, e.g. Finance review"
                      value={step.name}
                      maxLength={80}
                      onChange={(e) => change(step.key, { name: e.target.value })}
                    />
                    <Form.Select
                      size="sm"
                      className="w-auto"
                      aria-label={`How the groups of ${label} approve`}
                      value={step.mode}
                      onChange={(e) => change(step.key, { mode: e.target.value as StepMode })}
                    >
                      <option value="PARALLEL">All groups at once (in parallel)</option>
                      <option value="SEQUENTIAL">One group after another (in turn)</option>
                    </Form.Select>
                    <ButtonGroup size="sm">
                      <Button
                        variant="outline-secondary"
                        aria-label={`Move ${label} earlier`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <i className="bi bi-arrow-up" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="outline-secondary"
                        aria-label={`Move ${label} later`}
                        disabled={index === steps.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <i className="bi bi-arrow-down" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="outline-danger"
                        aria-label={`Remove ${label}`}
                        onClick={() =>
                          setSteps((current) => current.filter((s) => s.key !== step.key))
                        }
                      >
                        <i className="bi bi-trash" aria-hidden="true" />
                      </Button>
                    </ButtonGroup>
                  </div>
                  <div
                    role="group"
                    aria-label={`Groups of ${label}`}
                    className="d-flex flex-wrap column-gap-3"
                  >
                    {groups.map((group) => (
                      <Form.Check
                        key={group.id}
                        inline
                        className="me-0"
                        id={`${step.key}-${group.id}`}
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
                        checked={step.groupIds.includes(group.id)}
                        onChange={(e) =>
                          change(step.key, {
                            groupIds: e.target.checked
                              ? [...step.groupIds, group.id]
                              : step.groupIds.filter((g) => g !== group.id),
                          })
                        }
                      />
                    ))}
                  </div>
                </li>
              );
            })}
          </ol>
          <Button
            size="sm"
            variant="outline-primary"
            className="mb-3"
            onClick={() => setSteps((current) => [...current, draftStep()])}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add step
          </Button>
          {stepsProblem ? (
            <Alert
              variant={isSubmitted || serverProblems.nodes ? 'danger' : 'light'}
              className="py-2 small"
            >
              <i className="bi bi-info-circle me-1" aria-hidden="true" />
              {stepsProblem}
            </Alert>
          ) : null}
          <Form.Check
            type="switch"
            id={`${ids}-default`}
            className="mb-3"
            label="The default: new submissions follow this workflow"
            checked={isDefault}
            disabled={workflow?.is_default}
            onChange={(e) => setIsDefault(e.target.checked)}
          />
          {workflow?.is_default ? (
            <p className="small text-body-secondary mt-n2">
              To stop using this workflow, make another one the default.
            </p>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : workflow ? 'Save workflow' : 'Create workflow'}
            </Button>
            {workflow && !workflow.is_default ? (
              <div className="ms-auto">
                <ConfirmButton
                  label={`Delete workflow ${workflow.name}`}
                  question="Delete this workflow?"
                  confirmText="Delete workflow"
                  isPending={remove.isPending}
                  onConfirm={() =>
                    remove.mutate(
                      { id: workflow.id, version: workflow.version },
                      { onSuccess: () => onDeleted(workflow) },
                    )
                  }
                />
              </div>
            ) : null}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

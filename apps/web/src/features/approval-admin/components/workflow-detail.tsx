import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { FormProblem } from '@/components/form/form.tsx';
import type { ApprovalGroup } from '../api/groups.ts';
import { useSetDefaultWorkflow, type WorkflowTemplate } from '../api/workflows.ts';
import { WorkflowDiagram } from './workflow-diagram.tsx';

/** A workflow template as submissions follow it: its diagram, and what can be done with it. */
export function WorkflowDetail({
  workflow,
  groups,
  onEdit,
  onMadeDefault,
  onDelete,
  isDeleting,
}: {
  workflow: WorkflowTemplate;
  groups: readonly ApprovalGroup[];
  onEdit: () => void;
  onMadeDefault: (workflow: WorkflowTemplate) => void;
  /** The page removes it: the detail goes with the row, before the server answers. */
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const makeDefault = useSetDefaultWorkflow();
  const setDefault = () =>
    makeDefault.mutate(
      { id: workflow.id, version: workflow.version },
      { onSuccess: onMadeDefault },
    );
  return (
    <Card as="section" aria-label={`Workflow ${workflow.name}`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0">{workflow.name}</h2>
        {workflow.is_default ? <Badge bg="success">Default</Badge> : null}
        <div className="ms-auto d-flex flex-wrap gap-2">
          {workflow.is_default ? null : (
            <Button
              size="sm"
              variant="outline-success"
              disabled={makeDefault.isPending}
              onClick={setDefault}
            >
              <i className="bi bi-star me-1" aria-hidden="true" />
              Make default
            </Button>
          )}
          <Button size="sm" variant="outline-primary" onClick={onEdit}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            Edit workflow
          </Button>
          {workflow.is_default ? null : (
            <ConfirmButton
              size="sm"
              label={`Delete workflow ${workflow.name}`}
              question="Delete this workflow?"
              confirmText="Delete workflow"
              cancelText="Keep it"
              isPending={isDeleting}
              onConfirm={onDelete}
            />
          )}
        </div>
      </Card.Header>
      <Card.Body>
        <FormProblem error={makeDefault.error} />
        {workflow.description ? (
          <p className="text-body-secondary">{workflow.description}</p>
        ) : null}
        <WorkflowDiagram
          name={workflow.name}
          nodes={workflow.nodes}
          groupNames={new Map(groups.map((g) => [g.id, g.name]))}
        />
        {workflow.is_default ? (
          <p className="small text-body-secondary mb-0">
            New submissions follow this workflow. To stop using it, make another one the default.
          </p>
        ) : null}
      </Card.Body>
    </Card>
  );
}

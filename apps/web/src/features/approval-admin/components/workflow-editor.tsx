import {
  workflowFormSchema,
  workflowNodesOf,
  type WorkflowFormInput,
} from '@bastion/domain/approval-admin/schemas';
import { checkWorkflowNodes } from '@bastion/domain/approvals/workflow';
import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useFormContext, useWatch } from 'react-hook-form';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import {
  previewStampOf,
  recordEditorProps,
  versionOf,
} from '@/components/admin/record-editor-props.ts';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import type { ApprovalGroup } from '../api/groups.ts';
import { useSaveWorkflowTemplate, type WorkflowTemplate } from '../api/workflows.ts';
import { WorkflowDiagram } from './workflow-diagram.tsx';
import { WorkflowSteps } from './workflow-steps.tsx';

const valuesOf = (workflow: WorkflowTemplate | null): WorkflowFormInput => ({
  name: workflow?.name ?? '',
  description: workflow?.description ?? '',
  is_default: workflow?.is_default ?? false,
  steps: workflow
    ? workflow.nodes.flatMap((n) =>
        n.kind === 'STEP' ? [{ name: n.name, mode: n.mode, group_ids: [...n.group_ids] }] : [],
      )
    : [{ name: '', mode: 'PARALLEL', group_ids: [] }],
});

/**
 * Creates or changes a workflow template: its steps in order between the start and end markers,
 * each with the groups that approve in it, together or in turn. The diagram follows the editing;
 * the domain's checkWorkflowNodes (in the form's schema too) says what still needs doing.
 */
export function WorkflowEditor({
  workflow,
  groups,
  onSaved,
  onCancel,
}: {
  workflow: WorkflowTemplate | null;
  groups: readonly ApprovalGroup[];
  onSaved: (workflow: WorkflowTemplate, verb: string) => void;
  onCancel: () => void;
}) {
  const groupIds = useMemo(() => new Set(groups.map((g) => g.id)), [groups]);
  const groupNames = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);
  const schema = useMemo(() => workflowFormSchema(groupIds), [groupIds]);
  const form = useZodForm(schema, { defaultValues: valuesOf(workflow) });
  const save = useSaveWorkflowTemplate();
  const [name, steps] = useWatch({ control: form.control, name: ['name', 'steps'] });
  const nodes = useMemo(() => workflowNodesOf(steps), [steps]);
  const check = checkWorkflowNodes(nodes, groupIds);

  return (
    <EditorForm
      form={form}
      {...recordEditorProps(workflow, { noun: 'workflow', name: workflow?.name }, { save })}
      aria-label={workflow ? `Workflow ${workflow.name}` : 'New workflow'}
      onCancel={onCancel}
      onSubmit={(values) => {
        const { steps: stepValues, ...fields } = values;
        const input = { ...versionOf(workflow), ...fields, nodes: workflowNodesOf(stepValues) };
        const preview: WorkflowTemplate = { ...input, ...previewStampOf(workflow, values.name) };
        return save
          .mutateAsync({ input, preview })
          .then((saved) => onSaved(saved, workflow ? 'Saved' : 'Created'));
      }}
    >
      <WorkflowDiagram
        name={name?.trim() || 'new workflow'}
        nodes={nodes}
        groupNames={groupNames}
      />
      <div className="row g-3">
        <TextField
          name="name"
          label="Workflow name"
          isRequired
          className="col-12 col-xl-5 mb-3"
          maxLength={120}
        />
        <TextField
          name="description"
          label={
            <>
              Description <span className="text-body-secondary">(optional)</span>
            </>
          }
          className="col-12 col-xl-7 mb-3"
          maxLength={500}
        />
      </div>
      <h3 className="h6">Steps, in order</h3>
      <p className="small text-body-secondary">
        A quote goes through the steps whose groups its rules require, in this order; steps with
        none of them are skipped. Groups a rule requires that no step names approve last.
      </p>
      <WorkflowSteps groups={groups} />
      <StepsProblem
        live={check.ok ? null : check.message}
        isSubmitted={form.formState.isSubmitted}
        stepsKey={JSON.stringify(steps)}
      />
      <CheckboxField
        name="is_default"
        label="The default: new submissions follow this workflow"
        isDisabled={workflow?.is_default}
        help={
          workflow?.is_default
            ? 'To stop using this workflow, make another one the default.'
            : undefined
        }
      />
    </EditorForm>
  );
}

/**
 * What the steps still need, as they are edited (a light note), or as the save was refused (red).
 * A refusal holds until the steps change.
 */
function StepsProblem(props: { live: string | null; isSubmitted: boolean; stepsKey: string }) {
  const refused = useFieldMessage('nodes');
  const { clearErrors } = useFormContext();
  const { stepsKey } = props;
  useEffect(() => clearErrors('nodes'), [clearErrors, stepsKey]);
  const problem = props.live ?? refused;
  if (!problem) return null;
  return (
    <Alert variant={props.isSubmitted || refused ? 'danger' : 'light'} className="py-2 small">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      {problem}
    </Alert>
  );
}

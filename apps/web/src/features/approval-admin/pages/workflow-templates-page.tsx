import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useNavigate, useParams } from 'react-router';
import { NoData } from '../../../components/no-data.tsx';
import { useApprovalGroups } from '../api/groups.ts';
import { useWorkflowTemplates, type WorkflowTemplate } from '../api/workflows.ts';
import { ApprovalAdminLayout, LoadState } from '../components/approval-admin-layout.tsx';
import { WorkflowEditor } from '../components/workflow-editor.tsx';

const stepCount = (w: WorkflowTemplate) => w.nodes.filter((n) => n.kind === 'STEP').length;

/**
 * /{context}/manage-workflow-template/{id}/{ref}: the workflow templates, and the chosen one
 * ({id}: a template, `default`, or `new`) drawn as a diagram with its editor.
 */
export function WorkflowTemplatesPage() {
  const { context = 'cpq', id = 'default', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const workflows = useWorkflowTemplates();
  const groups = useApprovalGroups();
  const [notice, setNotice] = useState<string | null>(null);
  const go = (target: string) =>
    void navigate(`/${context}/manage-workflow-template/${target}/${ref}`);
  const open = (target: string) => {
    setNotice(null);
    go(target);
  };

  return (
    <ApprovalAdminLayout
      title="Workflow templates"
      subtitle="The order in which approval groups decide. Submissions follow the default template."
      actions={
        workflows.isError ? null : (
          <Button onClick={() => open('new')}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New workflow
          </Button>
        )
      }
    >
      {notice ? (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoadState query={workflows} what="the workflow templates">
        {({ workflows: list }) => {
          const chosen =
            id === 'new'
              ? null
              : id === 'default'
                ? (list.find((w) => w.is_default) ?? list[0] ?? null)
                : (list.find((w) => w.id === id) ?? null);
          const isMissing = id !== 'new' && id !== 'default' && chosen === null;
          return (
            <div className="approval-admin-split">
              <aside className="approval-admin-sidebar" aria-labelledby="workflow-list-heading">
                <h2
                  className="h6 text-uppercase text-body-secondary mb-2"
                  id="workflow-list-heading"
                >
                  Templates
                </h2>
                <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
                  {list.map((w) => {
                    const isSelected = chosen?.id === w.id;
                    return (
                      <li key={w.id}>
                        <button
                          type="button"
                          className={`approval-group-card ${isSelected ? 'is-selected' : ''}`}
                          aria-current={isSelected ? 'true' : undefined}
                          onClick={() => open(w.id)}
                        >
                          <span className="d-flex align-items-start gap-2">
                            <span className="fw-semibold flex-grow-1 text-break">{w.name}</span>
                            {w.is_default ? <Badge bg="success">Default</Badge> : null}
                          </span>
                          <span className="d-block small text-body-secondary mt-1">
                            {stepCount(w)} {stepCount(w) === 1 ? 'step' : 'steps'}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
                {list.length === 0 ? (
                  <p className="small text-body-secondary">
                    No template yet: the first one you create is the default.
                  </p>
                ) : null}
              </aside>
              <div className="approval-admin-main">
                {isMissing ? (
                  <NoData
                    icon="bi-diagram-3"
                    title="No such workflow"
                    message="It may have been deleted. Choose one of the templates."
                  />
                ) : (
                  <LoadState query={groups} what="the approval groups">
                    {(data) => (
                      <WorkflowEditor
                        key={chosen ? `${chosen.id}:${chosen.version}` : 'new'}
                        workflow={chosen}
                        groups={data.groups}
                        onSaved={(saved, verb) => {
                          setNotice(`${verb} “${saved.name}”.`);
                          go(saved.id);
                        }}
                        onDeleted={(deleted) => {
                          setNotice(`Deleted “${deleted.name}”.`);
                          go('default');
                        }}
                      />
                    )}
                  </LoadState>
                )}
              </div>
            </div>
          );
        }}
      </LoadState>
    </ApprovalAdminLayout>
  );
}

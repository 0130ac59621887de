import { useNavigate, useParams } from 'react-router';
import { AdminLayout, LoadState } from '@/components/admin/admin-layout.tsx';
import { NewButton, StatePanel, useNotice } from '@/components/admin/admin-parts.tsx';
import { usePanelState } from '@/components/admin/use-panel-state.ts';
import { FormProblem } from '@/components/form/form.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useApprovalGroups } from '../api/groups.ts';
import {
  useDeleteWorkflowTemplate,
  useWorkflowTemplates,
  type WorkflowTemplate,
} from '../api/workflows.ts';
import { APPROVAL_ADMINS, approvalAdminTabs } from '../components/approval-admin-tabs.ts';
import '../components/approval-admin.css';
import { SidebarSplit } from '../components/sidebar-split.tsx';
import { WorkflowCards } from '../components/workflow-cards.tsx';
import { WorkflowDetail } from '../components/workflow-detail.tsx';
import { WorkflowEditor } from '../components/workflow-editor.tsx';

/**
 * /{context}/manage-workflow-template/{id}/{ref}: the workflow templates, and the chosen one
 * ({id}: a template, or `default`) drawn as a diagram; its editor opens in a side panel.
 */
export function WorkflowTemplatesPage() {
  const { context = 'cpq', id = 'default', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const workflows = useWorkflowTemplates();
  const groups = useApprovalGroups();
  const remove = useDeleteWorkflowTemplate();
  const panel = usePanelState<{ workflow: WorkflowTemplate | null }>();
  const notice = useNotice();
  const go = (target: string) =>
    void navigate(`/${context}/manage-workflow-template/${target}/${ref}`);
  const open = (target: string) => {
    notice.clear();
    go(target);
  };
  const edit = (workflow: WorkflowTemplate | null) => {
    notice.clear();
    panel.open({ workflow });
  };

  return (
    <AdminLayout
      title="Workflow templates"
      subtitle="The order in which approval groups decide. Submissions follow the default template."
      tabs={approvalAdminTabs(context)}
      actions={
        workflows.isError ? null : (
          <NewButton onClick={() => edit(null)} isDisabled={!groups.isSuccess}>
            New workflow
          </NewButton>
        )
      }
    >
      <FormProblem error={remove.error} />
      {notice.element}
      <LoadState query={workflows} what="the workflow templates" whoSees={APPROVAL_ADMINS}>
        {({ workflows: list }) => {
          const chosen =
            id === 'default'
              ? (list.find((w) => w.is_default) ?? list[0] ?? null)
              : (list.find((w) => w.id === id) ?? null);
          return (
            <SidebarSplit
              title="Templates"
              sidebar={
                <WorkflowCards workflows={list} chosenId={chosen?.id ?? null} onChoose={open} />
              }
            >
              {chosen === null ? (
                <NoData
                  icon="bi-diagram-3"
                  title={list.length === 0 ? 'No workflow yet' : 'No such workflow'}
                  message={
                    list.length === 0
                      ? 'Create the first workflow template: submissions follow it.'
                      : 'It may have been deleted. Choose one of the templates.'
                  }
                />
              ) : (
                <LoadState query={groups} what="the approval groups" whoSees={APPROVAL_ADMINS}>
                  {(data) => (
                    <WorkflowDetail
                      workflow={chosen}
                      groups={data.groups}
                      onEdit={() => edit(chosen)}
                      onMadeDefault={(saved) => notice.show(`Made the default: “${saved.name}”.`)}
                      isDeleting={remove.isPending}
                      onDelete={() => {
                        notice.clear();
                        remove.mutate(chosen, {
                          onSuccess: () => {
                            notice.show(`Deleted “${chosen.name}”.`);
                            go('default');
                          },
                        });
                      }}
                    />
                  )}
                </LoadState>
              )}
            </SidebarSplit>
          );
        }}
      </LoadState>
      <StatePanel
        panel={panel}
        title={(content) =>
          content?.workflow ? `Edit workflow “${content.workflow.name}”` : 'New workflow template'
        }
      >
        {({ workflow }) =>
          groups.data ? (
            <WorkflowEditor
              key={workflow?.id ?? 'new'}
              workflow={workflow}
              groups={groups.data.groups}
              onCancel={panel.close}
              onSaved={(saved, verb) => {
                panel.close();
                notice.show(`${verb} “${saved.name}”.`);
                go(saved.id);
              }}
            />
          ) : null
        }
      </StatePanel>
    </AdminLayout>
  );
}

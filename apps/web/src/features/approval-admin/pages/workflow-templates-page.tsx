import { LoadState } from '@/components/admin/admin-layout.tsx';
import { NewButton } from '@/components/admin/admin-parts.tsx';
import { PanelScreen, usePanelScreen } from '@/components/admin/panel-screen.tsx';
import { FormProblem } from '@/components/form/form.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useApprovalGroups } from '../api/groups.ts';
import {
  useDeleteWorkflowTemplate,
  useWorkflowTemplates,
  type WorkflowTemplate,
} from '../api/workflows.ts';
import { APPROVAL_ADMINS, useApprovalAdminScreen } from '../components/approval-admin-tabs.ts';
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
  const { id, go, frame } = useApprovalAdminScreen('manage-workflow-template');
  const workflows = useWorkflowTemplates();
  const groups = useApprovalGroups();
  const remove = useDeleteWorkflowTemplate();
  const screen = usePanelScreen<{ workflow: WorkflowTemplate | null }>();
  const { notice } = screen;
  const choose = (target: string) => {
    notice.clear();
    go(target);
  };
  const edit = (workflow: WorkflowTemplate | null) => screen.open({ workflow });

  return (
    <PanelScreen
      screen={screen}
      {...frame}
      newButtons={
        <NewButton onClick={() => edit(null)} isDisabled={!groups.isSuccess}>
          New workflow
        </NewButton>
      }
      banner={<FormProblem error={remove.error} />}
      query={workflows}
      what="the workflow templates"
      whoSees={APPROVAL_ADMINS}
      panelTitle={(content) =>
        content?.workflow ? `Edit workflow “${content.workflow.name}”` : 'New workflow template'
      }
      panel={({ workflow }) =>
        groups.data ? (
          <WorkflowEditor
            key={workflow?.id ?? 'new'}
            workflow={workflow}
            groups={groups.data.groups}
            onCancel={screen.panel.close}
            onSaved={(saved, verb) => {
              screen.done(`${verb} “${saved.name}”.`);
              go(saved.id);
            }}
          />
        ) : null
      }
    >
      {({ workflows: list }) => {
        const chosen =
          id === 'default'
            ? (list.find((w) => w.is_default) ?? list[0] ?? null)
            : (list.find((w) => w.id === id) ?? null);
        return (
          <SidebarSplit
            title="Templates"
            sidebar={
              <WorkflowCards workflows={list} chosenId={chosen?.id ?? null} onChoose={choose} />
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
    </PanelScreen>
  );
}

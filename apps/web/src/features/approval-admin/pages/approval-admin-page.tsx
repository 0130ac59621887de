import { LoadState } from '@/components/admin/admin-layout.tsx';
import { NewButton } from '@/components/admin/admin-parts.tsx';
import { PanelScreen, usePanelScreen } from '@/components/admin/panel-screen.tsx';
import { useApprovalGroups, useMemberOptions, type ApprovalGroup } from '../api/groups.ts';
import { useApprovalRules, type ApprovalRule } from '../api/rules.ts';
import { APPROVAL_ADMINS, useApprovalAdminScreen } from '../components/approval-admin-tabs.ts';
import '../components/approval-admin.css';
import { GroupDetail } from '../components/group-detail.tsx';
import { GroupEditor } from '../components/group-editor.tsx';
import { GroupTable } from '../components/group-table.tsx';
import { RuleEditor } from '../components/rule-editor.tsx';
import { SidebarSplit } from '../components/sidebar-split.tsx';
import { RuleTable } from '../components/rule-table.tsx';

type Editing =
  | { kind: 'group'; group: ApprovalGroup | null }
  | { kind: 'rule'; rule: ApprovalRule | null; initialGroupId?: string };

/**
 * /{context}/manage-approval-admin/{id}/{ref}: the approval groups (a sidebar), the chosen group
 * ({id}) with its members and the rules that require it, and every rule. Groups and rules are
 * edited in a side panel.
 */
export function ApprovalAdminPage() {
  const { id, go, frame } = useApprovalAdminScreen('manage-approval-admin');
  const groups = useApprovalGroups();
  const rules = useApprovalRules();
  const options = useMemberOptions(groups.isSuccess);
  const screen = usePanelScreen<Editing>();
  const { open, done } = screen;
  const select = (groupId: string | null) => go(groupId ?? 'new');

  return (
    <PanelScreen
      screen={screen}
      {...frame}
      newButtons={
        <>
          <NewButton
            variant="outline-primary"
            icon="bi-people"
            onClick={() => open({ kind: 'group', group: null })}
            isDisabled={!options.isSuccess}
          >
            New group
          </NewButton>
          <NewButton
            onClick={() => open({ kind: 'rule', rule: null })}
            isDisabled={!groups.isSuccess}
          >
            New rule
          </NewButton>
        </>
      }
      query={groups}
      what="the approval groups"
      whoSees={APPROVAL_ADMINS}
      panelTitle={(editing) =>
        editing?.kind === 'rule'
          ? editing.rule
            ? `Edit rule “${editing.rule.name}”`
            : 'New rule'
          : editing?.group
            ? `Edit group “${editing.group.name}”`
            : 'New approval group'
      }
      panel={(editing) =>
        editing.kind === 'group' ? (
          options.data ? (
            <GroupEditor
              key={editing.group?.id ?? 'new'}
              group={editing.group}
              options={options.data}
              onCancel={screen.panel.close}
              onSaved={(saved) => {
                done(`Saved the group “${saved.name}”.`);
                select(saved.id);
              }}
              onDeleted={(deleted) => {
                done(`Deleted the group “${deleted.name}”.`);
                select(null);
              }}
            />
          ) : null
        ) : groups.data ? (
          <RuleEditor
            key={editing.rule?.id ?? 'new'}
            rule={editing.rule}
            groups={groups.data.groups}
            initialGroupId={editing.initialGroupId}
            onClose={screen.panel.close}
            onSaved={(rule, verb) => done(`${verb} the rule “${rule.name}”.`)}
          />
        ) : null
      }
    >
      {({ groups: groupList }) => {
        const selected = groupList.find((g) => g.id === id) ?? null;
        return (
          <SidebarSplit
            title="Approval groups"
            sidebar={
              <GroupTable groups={groupList} selectedId={selected?.id ?? null} onSelect={select} />
            }
          >
            {selected ? (
              <GroupDetail
                group={selected}
                rules={(rules.data?.rules ?? []).filter((r) => r.group_ids.includes(selected.id))}
                onEdit={() => open({ kind: 'group', group: selected })}
                onClose={() => select(null)}
                onEditRule={(rule) => open({ kind: 'rule', rule })}
                onNewRule={() => open({ kind: 'rule', rule: null, initialGroupId: selected.id })}
              />
            ) : null}
            <LoadState query={rules} what="the approval rules" whoSees={APPROVAL_ADMINS}>
              {(data) => (
                <RuleTable rules={data.rules} onEdit={(rule) => open({ kind: 'rule', rule })} />
              )}
            </LoadState>
          </SidebarSplit>
        );
      }}
    </PanelScreen>
  );
}

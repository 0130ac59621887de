import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useNavigate, useParams } from 'react-router';
import { NoData } from '../../../components/no-data.tsx';
import { useApprovalGroups, useMemberOptions, type ApprovalGroup } from '../api/groups.ts';
import { useApprovalRules, type ApprovalRule } from '../api/rules.ts';
import { ApprovalAdminLayout, LoadState } from '../components/approval-admin-layout.tsx';
import { GroupEditor } from '../components/group-editor.tsx';
import { RuleEditor } from '../components/rule-editor.tsx';
import { SidePanel } from '../../../components/side-panel.tsx';

type RuleEditing = { rule: ApprovalRule | null; initialGroupId?: string } | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /{context}/manage-approval-admin/{id}/{ref}: approval groups as cards (a sidebar), the chosen
 * group ({id}) with its members and the rules that require it, and every rule with its editor.
 */
export function ApprovalAdminPage() {
  const { context = 'cpq', id = 'new', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const groups = useApprovalGroups();
  const rules = useApprovalRules();
  const options = useMemberOptions(groups.isSuccess);
  const [editingRule, setEditingRule] = useState<RuleEditing>(null);
  const [groupPanel, setGroupPanel] = useState<{ group: ApprovalGroup | null } | null>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const select = (groupId: string | null) =>
    void navigate(`/${context}/manage-approval-admin/${groupId ?? 'new'}/${ref}`);
  const openGroup = (group: ApprovalGroup | null) => {
    setNotice(null);
    setGroupPanel({ group });
    setIsPanelOpen(true);
  };
  const openRule = (editing: NonNullable<RuleEditing>) => {
    setNotice(null);
    setEditingRule(editing);
  };

  return (
    <ApprovalAdminLayout
      title="Approval admin"
      subtitle="Who approves what: groups of approvers, and the rules over a quote’s facts that ask for them."
      actions={
        groups.isError ? null : (
          <>
            <Button
              variant="outline-primary"
              onClick={() => openGroup(null)}
              disabled={!options.isSuccess}
            >
              <i className="bi bi-people me-1" aria-hidden="true" />
              New group
            </Button>
            <Button onClick={() => openRule({ rule: null })} disabled={!groups.isSuccess}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              New rule
            </Button>
          </>
        )
      }
    >
      {notice ? (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoadState query={groups} what="the approval groups">
        {({ groups: groupList }) => {
          const selected = groupList.find((g) => g.id === id) ?? null;
          return (
            <div className="approval-admin-split">
              <GroupCards groups={groupList} selectedId={selected?.id ?? null} onSelect={select} />
              <div className="approval-admin-main">
                {editingRule ? (
                  <RuleEditor
                    key={editingRule.rule?.id ?? 'new'}
                    rule={editingRule.rule}
                    groups={groupList}
                    initialGroupId={editingRule.initialGroupId}
                    onClose={() => setEditingRule(null)}
                    onSaved={(rule, verb) => {
                      setEditingRule(null);
                      setNotice(`${verb} the rule “${rule.name}”.`);
                    }}
                  />
                ) : (
                  <>
                    {selected ? (
                      <GroupDetail
                        group={selected}
                        rules={(rules.data?.rules ?? []).filter((r) =>
                          r.group_ids.includes(selected.id),
                        )}
                        onEdit={() => openGroup(selected)}
                        onClose={() => select(null)}
                        onEditRule={(rule) => openRule({ rule })}
                        onNewRule={() => openRule({ rule: null, initialGroupId: selected.id })}
                      />
                    ) : null}
                    <LoadState query={rules} what="the approval rules">
                      {(data) => (
                        <RuleTable rules={data.rules} onEdit={(rule) => openRule({ rule })} />
                      )}
                    </LoadState>
                  </>
                )}
              </div>
            </div>
          );
        }}
      </LoadState>
      <SidePanel
        show={isPanelOpen}
        title={groupPanel?.group ? `Edit group “${groupPanel.group.name}”` : 'New approval group'}
        onHide={() => setIsPanelOpen(false)}
        onExited={() => setGroupPanel(null)}
      >
        {groupPanel && options.data ? (
          <GroupEditor
            key={groupPanel.group?.id ?? 'new'}
            group={groupPanel.group}
            options={options.data}
            onCancel={() => setIsPanelOpen(false)}
            onSaved={(saved) => {
              setIsPanelOpen(false);
              setNotice(`Saved the group “${saved.name}”.`);
              select(saved.id);
            }}
            onDeleted={(deleted) => {
              setIsPanelOpen(false);
              setNotice(`Deleted the group “${deleted.name}”.`);
              select(null);
            }}
          />
        ) : null}
      </SidePanel>
    </ApprovalAdminLayout>
  );
}

function ScopeBadge({ group }: { group: ApprovalGroup }) {
  return group.is_global ? (
    <Badge bg="primary-subtle" text="primary-emphasis" className="border border-primary-subtle">
      <i className="bi bi-globe2 me-1" aria-hidden="true" />
      Global
    </Badge>
  ) : (
    <Badge
      bg="warning-subtle"
      text="warning-emphasis"
      className="border border-warning-subtle text-wrap text-start"
    >
      <i className="bi bi-geo-alt me-1" aria-hidden="true" />
      Regional: {group.regions.join(', ')}
    </Badge>
  );
}

/** The groups as cards: name, scope, members, and the number of active rules requiring it. */
function GroupCards({
  groups,
  selectedId,
  onSelect,
}: {
  groups: readonly ApprovalGroup[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  return (
    <aside className="approval-admin-sidebar" aria-labelledby="approval-groups-heading">
      <h2 className="h6 text-uppercase text-body-secondary mb-2" id="approval-groups-heading">
        Approval groups
      </h2>
      {groups.length === 0 ? (
        <p className="small text-body-secondary">
          No groups yet. A group is who approves: users, or everyone with a role.
        </p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
          {groups.map((group) => {
            const isSelected = group.id === selectedId;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  className={`approval-group-card ${isSelected ? 'is-selected' : ''} ${group.is_active ? '' : 'is-inactive'}`}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onSelect(isSelected ? null : group.id)}
                >
                  <span className="d-flex align-items-start gap-2">
                    <span className="fw-semibold flex-grow-1 text-break">{group.name}</span>
                    {group.is_active ? null : <Badge bg="secondary">Inactive</Badge>}
                  </span>
                  <span className="d-block my-1">
                    <ScopeBadge group={group} />
                  </span>
                  <span className="d-flex gap-3 small text-body-secondary">
                    <span title="Users and roles who may approve for the group">
                      <i className="bi bi-people me-1" aria-hidden="true" />
                      {plural(group.member_count, 'member', 'members')}
                    </span>
                    <span title="Active rules that require this group">
                      <i className="bi bi-signpost-split me-1" aria-hidden="true" />
                      {plural(group.rule_count, 'rule', 'rules')}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}

function GroupDetail({
  group,
  rules,
  onEdit,
  onClose,
  onEditRule,
  onNewRule,
}: {
  group: ApprovalGroup;
  rules: readonly ApprovalRule[];
  onEdit: () => void;
  onClose: () => void;
  onEditRule: (rule: ApprovalRule) => void;
  onNewRule: () => void;
}) {
  return (
    <Card as="section" className="mb-3" aria-label={`Group ${group.name}`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0">{group.name}</h2>
        <ScopeBadge group={group} />
        {group.is_active ? null : <Badge bg="secondary">Inactive</Badge>}
        <div className="ms-auto d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            Edit group
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={onClose} aria-label="Close group">
            <i className="bi bi-x-lg" aria-hidden="true" />
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        {group.description ? <p className="text-body-secondary">{group.description}</p> : null}
        <h3 className="h6">Members</h3>
        <ul className="list-unstyled mb-3" aria-label={`Members of ${group.name}`}>
          {group.users.map((u) => (
            <li key={u.id} className="mb-1">
              <i className="bi bi-person me-2" aria-hidden="true" />
              {u.name} <span className="text-body-secondary small">{u.email}</span>
              {u.is_disabled ? (
                <Badge bg="secondary" className="ms-1">
                  Disabled
                </Badge>
              ) : null}
            </li>
          ))}
          {group.roles.map((r) => (
            <li key={r} className="mb-1">
              <i className="bi bi-people me-2" aria-hidden="true" />
              Everyone with the role <span className="font-monospace small">{r}</span>
            </li>
          ))}
        </ul>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h3 className="h6 mb-0">Rules that require this group</h3>
          <Button size="sm" variant="outline-primary" className="ms-auto" onClick={onNewRule}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New rule for this group
          </Button>
        </div>
        {rules.length === 0 ? (
          <p className="small text-body-secondary mb-0">
            No rule asks for this group yet, so it is never asked to approve.
          </p>
        ) : (
          <ul className="list-unstyled mb-0">
            {rules.map((rule) => (
              <li key={rule.id} className="mb-2">
                <Button
                  variant="link"
                  className="p-0 text-start fw-semibold"
                  onClick={() => onEditRule(rule)}
                >
                  {rule.name}
                </Button>
                {rule.is_active ? null : (
                  <Badge bg="secondary" className="ms-2">
                    Inactive
                  </Badge>
                )}
                <div className="small text-body-secondary">When {rule.condition_text}</div>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

function RuleTable({
  rules,
  onEdit,
}: {
  rules: readonly ApprovalRule[];
  onEdit: (rule: ApprovalRule) => void;
}) {
  if (rules.length === 0) {
    return (
      <NoData
        icon="bi-signpost-split"
        title="No approval rules yet"
        message="A rule asks its groups to approve every quote whose facts meet its condition."
      />
    );
  }
  return (
    <Card as="section" aria-labelledby="approval-rules-heading">
      <Card.Header>
        <h2 className="h5 mb-0" id="approval-rules-heading">
          Approval rules
        </h2>
      </Card.Header>
      <Table responsive hover className="align-middle mb-0" aria-label="Approval rules">
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Applies when</th>
            <th scope="col">Must approve</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} className={rule.is_active ? undefined : 'text-body-secondary'}>
              <td>
                <span className="fw-semibold">{rule.name}</span>
                {rule.is_active ? null : (
                  <Badge bg="secondary" className="ms-2">
                    Inactive
                  </Badge>
                )}
              </td>
              <td>{rule.condition_text}</td>
              <td>
                <div className="d-flex flex-wrap gap-1">
                  {rule.groups.map((g) => (
                    <Badge key={g.id} bg="light" text="dark" className="border">
                      {g.name}
                    </Badge>
                  ))}
                </div>
              </td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Edit rule ${rule.name}`}
                  onClick={() => onEdit(rule)}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

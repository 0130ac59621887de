import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ApprovalGroup } from '../api/groups.ts';
import type { ApprovalRule } from '../api/rules.ts';
import { ScopeBadge } from './group-table.tsx';

/** The chosen group: its members, and the rules that require it. */
export function GroupDetail({
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

import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import { inactiveRowClass, nameColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { ApprovalGroup } from '../api/groups.ts';

export function ScopeBadge({ group }: { group: ApprovalGroup }) {
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

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const columns: ColumnDef<ApprovalGroup, never>[] = [
  nameColumn('name', 'Group', (group) => (
    <>
      <span className="d-flex align-items-start gap-2">
        <span className="fw-semibold flex-grow-1 text-break">{group.name}</span>
        {group.is_active ? null : <Badge bg="secondary">Inactive</Badge>}
      </span>
      <span className="d-block mt-1 fw-normal">
        <ScopeBadge group={group} />
      </span>
      <span className="d-flex gap-3 mt-1 small text-body-secondary fw-normal">
        <span title="Users and roles who may approve for the group">
          <i className="bi bi-people me-1" aria-hidden="true" />
          {counted(group.member_count, 'member', 'members')}
        </span>
        <span title="Active rules that require this group">
          <i className="bi bi-signpost-split me-1" aria-hidden="true" />
          {counted(group.rule_count, 'rule', 'rules')}
        </span>
      </span>
    </>
  )),
];

/** The groups: name, scope, members, and the number of active rules requiring each. */
export function GroupTable({
  groups,
  selectedId,
  onSelect,
}: {
  groups: readonly ApprovalGroup[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  return (
    <DataTable
      data={groups}
      columns={columns}
      caption="Approval groups"
      size="sm"
      getRowId={(group) => group.id}
      activeRowId={selectedId}
      rowClassName={inactiveRowClass}
      onRowOpen={(group) => onSelect(group.id === selectedId ? null : group.id)}
      emptyState="No groups yet. A group is who approves: users, or everyone with a role."
    />
  );
}

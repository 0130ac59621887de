import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { editColumn } from '@/components/admin/admin-parts.tsx';
import { inactiveRowClass, nameColumn, OffBadge } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import type { ApprovalRule } from '../api/rules.ts';

function ruleColumns(onEdit: (rule: ApprovalRule) => void): ColumnDef<ApprovalRule, never>[] {
  return [
    nameColumn('name', 'Rule', (rule) => (
      <>
        <span className="fw-semibold">{rule.name}</span>
        {rule.is_active ? null : <OffBadge>Inactive</OffBadge>}
        {rule.always_reapprove ? (
          <span className="badge text-bg-light border ms-1" title="Asked again after any change">
            Always re-approve
          </span>
        ) : null}
      </>
    )),
    {
      id: 'condition',
      header: 'Applies when',
      meta: { isText: true },
      cell: ({ row }) => row.original.condition_text,
    },
    {
      id: 'groups',
      header: 'Must approve',
      meta: { isText: true },
      cell: ({ row }) => (
        <div className="d-flex flex-wrap gap-1">
          {row.original.groups.map((g) => (
            <Badge key={g.id} bg="light" text="dark" className="border">
              {g.name}
            </Badge>
          ))}
        </div>
      ),
    },
    editColumn((rule) => `Edit rule ${rule.name}`, onEdit),
  ];
}

/** Every approval rule: its condition in words and the groups it asks. */
export function RuleTable({
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
      <DataTable
        data={rules}
        columns={ruleColumns(onEdit)}
        caption="Approval rules"
        getRowId={(rule) => rule.id}
        onRowOpen={onEdit}
        rowClassName={inactiveRowClass}
      />
    </Card>
  );
}

import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { editColumn } from '@/components/admin/admin-parts.tsx';
import { inactiveRowClass, nameColumn, OffBadge } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { ClauseRule } from '../api/rules.ts';
import { ConditionText } from './template-text.tsx';
import { updatedColumn } from './updated-column.tsx';

export function EffectBadge({ effect }: { effect: ClauseRule['effect'] }) {
  return effect === 'REQUIRE' ? (
    <Badge bg="dark">
      <i className="bi bi-lock-fill me-1" aria-hidden="true" />
      Require
    </Badge>
  ) : (
    <Badge bg="info" text="dark">
      <i className="bi bi-paperclip me-1" aria-hidden="true" />
      Attach
    </Badge>
  );
}

function ruleColumns(onEdit: ((rule: ClauseRule) => void) | undefined) {
  const columns: ColumnDef<ClauseRule, never>[] = [
    nameColumn('name', 'Rule', (rule) => (
      <span className="fw-normal">
        {rule.name}
        {rule.is_active ? null : <OffBadge>Inactive</OffBadge>}
      </span>
    )),
    {
      id: 'condition',
      header: 'Condition',
      meta: { isText: true },
      cell: ({ row }) =>
        row.original.condition ? (
          <ConditionText condition={row.original.condition} />
        ) : (
          <span className="fst-italic">Every quote</span>
        ),
    },
    {
      id: 'effect',
      header: 'Effect',
      cell: ({ row }) => <EffectBadge effect={row.original.effect} />,
    },
    {
      id: 'clause',
      header: 'Clause',
      meta: { isText: true },
      cell: ({ row: { original: rule } }) => (
        <>
          {rule.clause_title}
          {rule.clause_is_active ? null : (
            <Badge
              bg="warning"
              text="dark"
              className="ms-2"
              title="The rule does nothing while its clause is withdrawn."
            >
              Clause withdrawn
            </Badge>
          )}
        </>
      ),
    },
    updatedColumn(),
  ];
  return onEdit ? [...columns, editColumn((rule) => `Edit ${rule.name}`, onEdit)] : columns;
}

/** The clause rules: when, what they do, and to which clause. */
export function ClauseRuleTable(props: {
  rules: readonly ClauseRule[];
  activeId: string | null;
  /** Absent for those who only read the rules. */
  onEdit: ((rule: ClauseRule) => void) | undefined;
  emptyState: ReactNode;
}) {
  return (
    <DataTable
      data={props.rules}
      columns={ruleColumns(props.onEdit)}
      caption="Clause rules"
      getRowId={(rule) => rule.id}
      activeRowId={props.activeId}
      onRowOpen={props.onEdit}
      rowClassName={inactiveRowClass}
      emptyState={props.emptyState}
      narrowDetail
    />
  );
}

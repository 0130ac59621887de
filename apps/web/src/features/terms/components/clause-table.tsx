import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import {
  actionsColumn,
  nameColumn,
  OffBadge,
  valueColumn,
} from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { Clause } from '../api/clauses.ts';
import { TemplateText } from './template-text.tsx';
import { updatedColumn } from './updated-column.tsx';

/** A figure that gives way first when the table is narrow. */
const SECONDARY_FIGURE = { align: 'end', priority: 'secondary' } as const;

/** The first words of a clause, for the list. */
const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 137).trimEnd()}…` : body);

function clauseColumns(props: {
  canEdit: boolean;
  onEdit: (clause: Clause) => void;
  onHistory: (clause: Clause) => void;
}): ColumnDef<Clause, never>[] {
  return [
    nameColumn('title', 'Clause', (clause) => (
      <>
        <div className="fw-semibold">
          {clause.title}
          {clause.is_active ? null : <OffBadge>Withdrawn</OffBadge>}
        </div>
        <div className="small text-body-secondary fw-normal">
          <TemplateText text={excerpt(clause.body)} />
        </div>
      </>
    )),
    valueColumn('category', 'Category', (clause) => clause.category),
    valueColumn('version', 'Version', (clause) => `v${clause.version}`, SECONDARY_FIGURE),
    valueColumn('rules', 'Rules', (clause) => clause.rule_count, SECONDARY_FIGURE),
    updatedColumn(),
    actionsColumn((clause) => (
      <>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          aria-label={`History of ${clause.title}`}
          onClick={() => props.onHistory(clause)}
        >
          History
        </Button>
        {props.canEdit ? (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={`Edit ${clause.title}`}
            onClick={() => props.onEdit(clause)}
          >
            Edit
          </Button>
        ) : null}
      </>
    )),
  ];
}

/** The library's clauses: title and first words, category, version, rules, last change. */
export function ClauseTable(props: {
  clauses: readonly Clause[];
  canEdit: boolean;
  activeId: string | null;
  emptyState: ReactNode;
  onEdit: (clause: Clause) => void;
  onHistory: (clause: Clause) => void;
}) {
  return (
    <DataTable
      data={props.clauses}
      columns={clauseColumns(props)}
      caption="Clauses"
      getRowId={(clause) => clause.id}
      activeRowId={props.activeId}
      onRowOpen={props.canEdit ? props.onEdit : props.onHistory}
      emptyState={props.emptyState}
      narrowDetail
    />
  );
}

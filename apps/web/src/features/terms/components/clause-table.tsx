import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { Clause } from '../api/clauses.ts';
import { TemplateText } from './template-text.tsx';
import { formatDay } from './terms-admin.ts';

/** The first words of a clause, for the list. */
const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 137).trimEnd()}…` : body);

function clauseColumns(props: {
  canEdit: boolean;
  onEdit: (clause: Clause) => void;
  onHistory: (clause: Clause) => void;
}): ColumnDef<Clause, never>[] {
  return [
    {
      id: 'title',
      header: 'Clause',
      meta: { isRowHeader: true, isText: true },
      cell: ({ row: { original: clause } }) => (
        <>
          <div className="fw-semibold">
            {clause.title}
            {clause.is_active ? null : (
              <Badge bg="secondary" className="ms-2">
                Withdrawn
              </Badge>
            )}
          </div>
          <div className="small text-body-secondary fw-normal">
            <TemplateText text={excerpt(clause.body)} />
          </div>
        </>
      ),
    },
    { id: 'category', header: 'Category', cell: ({ row }) => row.original.category },
    {
      id: 'version',
      header: 'Version',
      meta: { align: 'end', priority: 'secondary' },
      cell: ({ row }) => `v${row.original.version}`,
    },
    {
      id: 'rules',
      header: 'Rules',
      meta: { align: 'end', priority: 'secondary' },
      cell: ({ row }) => row.original.rule_count,
    },
    {
      id: 'updated',
      header: 'Updated',
      meta: { priority: 'secondary' },
      cell: ({ row: { original: clause } }) => (
        <span className="small text-body-secondary">
          {formatDay(clause.updated_at)}
          {clause.updated_by ? <span className="d-block">{clause.updated_by}</span> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row: { original: clause } }) => (
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
      ),
    },
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

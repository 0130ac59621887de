import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { z } from 'zod';
import type { KindRow } from '../api/kind-percents.ts';
import { EditableTable } from './editable-table.tsx';
import { KIND_LABELS } from './kind-labels.ts';
import { marginDataPage } from './margin-data-screen.tsx';
import type { RowValues } from '@/components/data-table/row-editors.ts';

/** What one per-kind percentage screen shows and how its rows are saved. */
export interface KindPercentsDescription<TRow extends KindRow, TValues extends RowValues, TOut> {
  title: string;
  subtitle: string;
  /** How the percentages are used, above the table. */
  intro: ReactNode;
  caption: string;
  /** The table's list and save hooks (api/kind-percents.ts). */
  api: {
    useList: () => UseQueryResult<{ rows: TRow[]; can_edit: boolean }>;
    useSave: () => UseMutationResult<unknown, Error, TOut, unknown>;
  };
  /** A row's values, checked as the server checks them (packages/domain/margin-data). */
  schema: z.ZodType<TOut, TValues>;
  valuesOf: (row: TRow) => TValues;
  isUnchanged: (values: TOut, row: TRow) => boolean;
  /** The kind column (kindColumn), then the figures. */
  columns: readonly ColumnDef<TRow, never>[];
  /** What a row's Save button saves ("Save Hardware markup"), and room for it. */
  savedFigure: string;
  actionsWidth: string;
}

const kindOf = (row: KindRow) => row.product_kind;

/** The first column: the kind, and what counts while it is not set. */
export function kindColumn<TRow extends KindRow>(notSet: string): ColumnDef<TRow, never> {
  return {
    id: 'kind',
    header: 'Kind of product',
    meta: { isRowHeader: true, className: 'fw-semibold' },
    cell: ({ row }) => (
      <>
        {KIND_LABELS[row.original.product_kind]}
        {row.original.is_set ? null : (
          <Badge bg="light" text="dark" className="ms-2 fw-normal border">
            {notSet}
          </Badge>
        )}
      </>
    ),
  };
}

/** mc-markup and mc-duration-depreciation: the page of one row of percentages per kind of product. */
export function kindPercentsPage<TRow extends KindRow, TValues extends RowValues, TOut>(
  description: KindPercentsDescription<TRow, TValues, TOut>,
) {
  const table = {
    caption: description.caption,
    columns: description.columns,
    actions: {
      saveLabel: (row: TRow) => `Save ${KIND_LABELS[row.product_kind]} ${description.savedFigure}`,
      minWidth: description.actionsWidth,
    },
  };
  return marginDataPage({
    title: description.title,
    subtitle: description.subtitle,
    isMarginData: true,
    useList: description.api.useList,
    Content: function KindPercentsTable({ data }) {
      const save = description.api.useSave();
      return (
        <EditableTable
          table={table}
          rows={data.rows}
          canEdit={data.can_edit}
          intro={description.intro}
          spec={{
            rowId: kindOf,
            schema: description.schema,
            valuesOf: description.valuesOf,
            isUnchanged: description.isUnchanged,
            save: (values) => save.mutateAsync(values),
          }}
        />
      );
    },
  });
}

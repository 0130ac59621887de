import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { z } from 'zod';
import type { CostedKind } from '../api/margin-data-keys.ts';
import { EditableTable } from './editable-table.tsx';
import { KIND_LABELS } from './kind-labels.ts';
import { MarginDataScreen } from './margin-data-screen.tsx';
import type { RowValues } from './row-editor.ts';

/** A row of percentages per kind of product (markups, duration depreciation). */
interface KindRow {
  product_kind: CostedKind;
  /** False when never set: the page says what counts instead. */
  is_set: boolean;
}

/** What one per-kind percentage screen shows and how its rows are saved. */
export interface KindPercentsDescription<TRow extends KindRow, TValues extends RowValues, TOut> {
  title: string;
  subtitle: string;
  /** How the percentages are used, above the table. */
  intro: ReactNode;
  caption: string;
  useList: () => UseQueryResult<{ rows: TRow[]; can_edit: boolean }>;
  useSave: () => UseMutationResult<unknown, Error, TOut, unknown>;
  /** A row's values, checked as the server checks them (packages/domain/margin-data). */
  schema: z.ZodType<TOut, TValues>;
  valuesOf: (row: TRow) => TValues;
  isUnchanged: (values: TOut, row: TRow) => boolean;
  /** Module constants: the kind column (kindColumn), then the figures. */
  columns: readonly ColumnDef<TRow, never>[];
  actions: ColumnDef<TRow, never>;
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

/** mc-markup and mc-duration-depreciation: one row of percentages per kind of product. */
export function KindPercentsScreen<TRow extends KindRow, TValues extends RowValues, TOut>({
  description,
}: {
  description: KindPercentsDescription<TRow, TValues, TOut>;
}) {
  const list = description.useList();
  const save = description.useSave();
  return (
    <MarginDataScreen
      title={description.title}
      subtitle={description.subtitle}
      query={list}
      isMarginData
    >
      {(data) => (
        <EditableTable
          caption={description.caption}
          rows={data.rows}
          columns={description.columns}
          actions={description.actions}
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
      )}
    </MarginDataScreen>
  );
}

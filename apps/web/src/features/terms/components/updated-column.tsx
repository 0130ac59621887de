import type { ColumnDef } from '@tanstack/react-table';
import { formatDay } from './terms-admin.ts';

/** When a clause or rule last changed, and who changed it; gives way on narrow screens. */
export function updatedColumn<
  T extends { updated_at: string; updated_by: string | null },
>(): ColumnDef<T, never> {
  return {
    id: 'updated',
    header: 'Updated',
    meta: { priority: 'secondary' },
    cell: ({ row: { original } }) => (
      <span className="small text-body-secondary">
        {formatDay(original.updated_at)}
        {original.updated_by ? <span className="d-block">{original.updated_by}</span> : null}
      </span>
    ),
  };
}

import type { ColumnDef } from '@tanstack/react-table';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { formatDay } from './catalog-labels.ts';

/** A row of a SKU's price or pricing-method history. */
interface ScheduledRow {
  id: string;
  status: string;
  effective_from: string;
}

/**
 * The last column of a SKU's price or method history: a scheduled row offers to be cancelled,
 * after asking once more in place. `what` names the row ("USD price", "Block method"), `noun`
 * what it is ("price").
 */
export function cancelScheduledColumn<T extends ScheduledRow>(options: {
  what: (row: T) => string;
  noun: string;
  onCancel: (row: T) => void;
  cancellingId: string | null;
}): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: 'Actions',
    meta: { isHeaderHidden: true, align: 'end' },
    cell: ({ row: { original: row } }) =>
      row.status === 'scheduled' ? (
        <ConfirmButton
          size="sm"
          label={`Cancel the ${options.what(row)} from ${formatDay(row.effective_from)}`}
          text="Cancel"
          question={`Cancel this ${options.noun}?`}
          confirmText="Cancel it"
          cancelText="Keep"
          isPending={options.cancellingId === row.id}
          onConfirm={() => options.onCancel(row)}
        />
      ) : null,
  };
}

import { showDay } from '@bastion/domain/approval-admin/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { editColumn } from '@/components/admin/admin-parts.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import type { PartnerException, PartnerExceptionState } from '../api/partner-exceptions.ts';

const STATES: Record<PartnerExceptionState, { label: string; bg: string; text?: 'dark' }> = {
  ACTIVE: { label: 'In force', bg: 'success' },
  SCHEDULED: { label: 'Starts later', bg: 'info', text: 'dark' },
  EXPIRED: { label: 'Expired', bg: 'secondary' },
  INACTIVE: { label: 'Switched off', bg: 'secondary' },
};

function exceptionColumns(
  onEdit: (row: PartnerException) => void,
): ColumnDef<PartnerException, never>[] {
  return [
    {
      id: 'partner',
      header: 'Partner',
      meta: { isRowHeader: true, isText: true },
      cell: ({ row: { original } }) => (
        <>
          <div className="fw-semibold">{original.partner_name}</div>
          <div className="small text-body-secondary font-monospace fw-normal">
            {original.partner_account_id}
          </div>
        </>
      ),
    },
    {
      id: 'percent',
      header: 'Extra discount',
      meta: { align: 'end' },
      cell: ({ row }) => `${row.original.extra_discount_percent} %`,
    },
    {
      id: 'valid',
      header: 'Valid',
      cell: ({ row }) => `${showDay(row.original.valid_from)} – ${showDay(row.original.valid_to)}`,
    },
    {
      id: 'state',
      header: 'Status',
      cell: ({ row }) => {
        const state = STATES[row.original.state];
        return (
          <Badge bg={state.bg} text={state.text}>
            {state.label}
          </Badge>
        );
      },
    },
    {
      id: 'reason',
      header: 'Reason',
      meta: { isText: true, priority: 'secondary' },
      cell: ({ row }) => row.original.reason,
    },
    editColumn(
      (row) => `Edit the exception for ${row.partner_name} from ${showDay(row.valid_from)}`,
      onEdit,
    ),
  ];
}

/** The partner exceptions: who, how much, when, and whether in force today. */
export function PartnerExceptionTable({
  rows,
  editingId,
  onEdit,
}: {
  rows: readonly PartnerException[];
  editingId: string | null;
  onEdit: (row: PartnerException) => void;
}) {
  return (
    <Card>
      <DataTable
        data={rows}
        columns={exceptionColumns(onEdit)}
        caption="Partner exceptions"
        getRowId={(row) => row.id}
        activeRowId={editingId}
        onRowOpen={onEdit}
        narrowDetail
        emptyState={
          <NoData
            icon="bi-percent"
            title="No partner exceptions"
            message="An exception lets a partner sell with an extra discount for a while."
          />
        }
      />
    </Card>
  );
}

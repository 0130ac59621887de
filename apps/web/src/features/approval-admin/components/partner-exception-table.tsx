import { showDay } from '@bastion/domain/approval-admin/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { editColumn } from '@/components/admin/admin-parts.tsx';
import type { AdminScreenControls } from '@/components/admin/admin-screen.tsx';
import { nameColumn } from '@/components/admin/record-columns.tsx';
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
    nameColumn('partner', 'Partner', (exception) => (
      <>
        <div className="fw-semibold">{exception.partner_name}</div>
        <div className="small text-body-secondary font-monospace fw-normal">
          {exception.partner_account_id}
        </div>
      </>
    )),
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
export function PartnerExceptionTable(props: {
  rows: readonly PartnerException[];
  /** The screen's: the row the editor shows is marked, a row opens the editor. */
  controls: Pick<AdminScreenControls<PartnerException>, 'activeRow' | 'open'>;
}) {
  const { open, activeRow } = props.controls;
  return (
    <Card>
      <DataTable
        data={props.rows}
        columns={exceptionColumns(open)}
        caption="Partner exceptions"
        getRowId={(row) => row.id}
        activeRowId={activeRow?.id ?? null}
        onRowOpen={open}
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

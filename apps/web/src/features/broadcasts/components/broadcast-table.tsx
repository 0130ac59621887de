import type { BroadcastState } from '@bastion/domain/broadcasts/model';
import type { ColumnDef } from '@tanstack/react-table';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { EditButton } from '@/components/admin/admin-parts.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import type { Broadcast } from '../api/broadcasts.ts';
import { formatBroadcastTime } from './broadcast-time.ts';
import { SeverityBadge } from './severity-badge.tsx';

const STATES: Record<BroadcastState, { label: string; bg: string; text?: 'dark' }> = {
  active: { label: 'Showing now', bg: 'success' },
  scheduled: { label: 'Scheduled', bg: 'info', text: 'dark' },
  ended: { label: 'Ended', bg: 'secondary' },
};

export function BroadcastStateBadge({ state }: { state: BroadcastState }) {
  const look = STATES[state];
  return (
    <Badge bg={look.bg} text={look.text}>
      {look.label}
    </Badge>
  );
}

export interface BroadcastActions {
  onEdit: (broadcast: Broadcast) => void;
  onEnd: (broadcast: Broadcast) => void;
  onDelete: (broadcast: Broadcast) => void;
  /** The broadcast a change is being made to, whose buttons wait. */
  busyId: string | null;
}

function broadcastColumns(actions: BroadcastActions): ColumnDef<Broadcast, never>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      meta: { isText: true },
      cell: ({ row }) => <span className="fw-semibold">{row.original.title}</span>,
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
    },
    {
      id: 'audience',
      header: 'Audience',
      meta: { isText: true, priority: 'secondary' },
      cell: ({ row }) => row.original.audience_label,
    },
    {
      id: 'window',
      header: 'Shown',
      cell: ({ row }) => (
        <>
          <div>from {formatBroadcastTime(row.original.starts_at)}</div>
          <div>until {formatBroadcastTime(row.original.ends_at)}</div>
        </>
      ),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => <BroadcastStateBadge state={row.original.state} />,
    },
    {
      id: 'read',
      header: 'Read by',
      meta: { align: 'end', priority: 'low' },
      cell: ({ row }) =>
        row.original.read_count === 1 ? '1 person' : `${row.original.read_count} people`,
    },
    {
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row }) => {
        const broadcast = row.original;
        const isBusy = actions.busyId === broadcast.id;
        return (
          <div className="d-flex gap-2 justify-content-end align-items-center">
            <EditButton
              label={`Edit broadcast ${broadcast.title}`}
              onClick={() => actions.onEdit(broadcast)}
            />
            {broadcast.state === 'active' ? (
              <ConfirmButton
                size="sm"
                variant="warning"
                label={`End now: broadcast ${broadcast.title}`}
                text="End now"
                question="Stop showing it to everyone now?"
                confirmText="End now"
                isPending={isBusy}
                onConfirm={() => actions.onEnd(broadcast)}
              />
            ) : null}
            <ConfirmButton
              size="sm"
              label={`Delete broadcast ${broadcast.title}`}
              question="Delete it and who read it?"
              confirmText="Delete broadcast"
              isPending={isBusy}
              onConfirm={() => actions.onDelete(broadcast)}
            />
          </div>
        );
      },
    },
  ];
}

/** The broadcasts: what, how serious, for whom, when, and whether shown now. */
export function BroadcastTable(props: {
  rows: readonly Broadcast[];
  actions: BroadcastActions;
  isFiltered: boolean;
}) {
  return (
    <Card>
      <DataTable
        data={props.rows}
        columns={broadcastColumns(props.actions)}
        caption="Broadcast messages"
        getRowId={(row) => row.id}
        onRowOpen={props.actions.onEdit}
        narrowDetail
        emptyState={
          <NoData
            icon="bi-megaphone"
            title={props.isFiltered ? 'No broadcast in this state' : 'No broadcasts yet'}
            message={
              props.isFiltered
                ? 'Choose another state, or send a new broadcast.'
                : 'A broadcast tells users something between a start and an end: a bell shows it, and a critical one shows above every page.'
            }
          />
        }
      />
    </Card>
  );
}

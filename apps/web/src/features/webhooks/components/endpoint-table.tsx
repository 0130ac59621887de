import { WEBHOOK_EVENT_LABELS } from '@bastion/domain/integrations/webhook-events';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { EditButton } from '@/components/admin/admin-parts.tsx';
import {
  actionsColumn,
  inactiveRowClass,
  nameColumn,
  OffBadge,
  textColumn,
  valueColumn,
} from '@/components/admin/record-columns.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import type { WebhookEndpoint } from '../api/webhooks.ts';
import { DeliveryStateBadge, formatWebhookTime, statusText } from './delivery-state.tsx';

const labelOf = (event: string) =>
  WEBHOOK_EVENT_LABELS[event as keyof typeof WEBHOOK_EVENT_LABELS] ?? event;

export interface EndpointActions {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onRollSecret: (endpoint: WebhookEndpoint) => void;
  /** The endpoint a call is running for, if any. */
  busyId: string | null;
  shownLogId: string | null;
  activeId: string | null;
}

function columns(actions: EndpointActions) {
  return [
    nameColumn<WebhookEndpoint>('url', 'Address', (row) => (
      <>
        <span className="font-monospace text-break">{row.url}</span>
        {row.is_active ? null : <OffBadge>Inactive</OffBadge>}
        {row.description ? (
          <div className="small text-body-secondary">{row.description}</div>
        ) : null}
      </>
    )),
    textColumn<WebhookEndpoint>('events', 'Events', (row) => (
      <ul className="list-unstyled mb-0 small">
        {row.events.map((event) => (
          <li key={event} title={labelOf(event)}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
    )),
    valueColumn<WebhookEndpoint>('last', 'Last delivery', (row) =>
      row.last_delivery ? (
        <div className="small">
          <DeliveryStateBadge state={row.last_delivery.state} />{' '}
          <code>{row.last_delivery.event_type}</code>
          <div className="text-body-secondary">
            {formatWebhookTime(row.last_delivery.created_at)}
            {row.last_delivery.last_status !== null
              ? ` · ${statusText(row.last_delivery.last_status)}`
              : ''}
          </div>
        </div>
      ) : (
        <span className="small text-body-secondary">None yet</span>
      ),
    ),
    valueColumn<WebhookEndpoint>(
      'pending',
      'Waiting',
      (row) => row.pending_count.toLocaleString('en-US'),
      { align: 'end' },
    ),
    actionsColumn<WebhookEndpoint>((row) => (
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Button
          size="sm"
          variant={actions.shownLogId === row.id ? 'primary' : 'outline-primary'}
          aria-label={`Delivery log of ${row.url}`}
          aria-pressed={actions.shownLogId === row.id}
          onClick={() => actions.onShowLog(row)}
        >
          <i className="bi bi-list-ul me-1" aria-hidden="true" />
          Delivery log
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`Send a test event to ${row.url}`}
          disabled={actions.busyId === row.id}
          onClick={() => actions.onTest(row)}
        >
          <i className="bi bi-send me-1" aria-hidden="true" />
          Test
        </Button>
        <ConfirmButton
          size="sm"
          variant="warning"
          label={`Roll secret of ${row.url}`}
          question="A new secret signs from now on; the receiver must be given it."
          text={
            <>
              <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
              Roll secret
            </>
          }
          confirmText="Roll secret"
          cancelText="Keep it"
          isPending={actions.busyId === row.id}
          onConfirm={() => actions.onRollSecret(row)}
        />
        <EditButton label={`Edit endpoint ${row.url}`} onClick={() => actions.onEdit(row)} />
      </div>
    )),
  ];
}

/** The endpoints: address, events, the latest delivery, and what can be done with each. */
export function EndpointTable(props: { endpoints: WebhookEndpoint[]; actions: EndpointActions }) {
  return (
    <Card>
      <DataTable
        caption="Webhook endpoints"
        data={props.endpoints}
        columns={columns(props.actions)}
        getRowId={(row) => row.id}
        activeRowId={props.actions.activeId}
        rowClassName={inactiveRowClass}
        emptyState={
          <NoData
            icon="bi-send"
            title="No endpoints yet"
            message="An endpoint receives the quote events it subscribes to, signed, as they happen."
          />
        }
      />
    </Card>
  );
}

import { WEBHOOK_DELIVERY_STATES } from '@bastion/domain/integrations/webhook-schemas';
import { Fragment, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { TablePager } from '@/components/data-table/paged-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import {
  useRefreshWebhooks,
  useSendWebhookAgain,
  useWebhookDeliveries,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '../api/webhooks.ts';
import { DeliveryStateBadge, formatWebhookTime, statusText } from './delivery-state.tsx';

const STATE_LABELS: Record<WebhookDeliveryState | '', string> = {
  '': 'All',
  PENDING: 'Waiting or retrying',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

/** The attempts of one delivery, newest first. */
function AttemptList({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempt_log.length === 0) {
    return <p className="small text-body-secondary mb-0">Not tried yet.</p>;
  }
  return (
    <Table
      size="sm"
      className="mb-0 small"
      aria-label={`Attempts of delivery ${delivery.sequence}`}
    >
      <thead>
        <tr>
          <th scope="col">Attempted</th>
          <th scope="col">Answer</th>
          <th scope="col">Error</th>
          <th scope="col" className="text-end">
            Took
          </th>
          <th scope="col">Sent by</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempt_log.map((attempt) => (
          <tr key={attempt.id}>
            <td className="text-nowrap" title={attempt.attempted_at}>
              {formatWebhookTime(attempt.attempted_at)}
            </td>
            <td className="text-nowrap">{statusText(attempt.status)}</td>
            <td>{attempt.error || '—'}</td>
            <td className="text-end text-nowrap">
              {attempt.duration_ms.toLocaleString('en-US')} ms
            </td>
            <td>{attempt.requested_by ?? 'Automatic'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The delivery log of one endpoint: its deliveries, newest first, each with its attempts. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [state, setState] = useState<WebhookDeliveryState | ''>('');
  const [page, setPage] = useState(1);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const log = useWebhookDeliveries(endpoint.id, state, page);
  const sendAgain = useSendWebhookAgain();
  const refresh = useRefreshWebhooks();
  const [said, setSaid] = useState<string | null>(null);

  const toggle = (id: string) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card className="mt-4" as="section" aria-label={`Delivery log of ${endpoint.url}`}>
      <Card.Header className="d-flex flex-wrap gap-3 align-items-center">
        <h2 className="h6 mb-0 me-auto">
          Delivery log <span className="font-monospace fw-normal text-break">{endpoint.url}</span>
        </h2>
        <Form.Group className="d-flex align-items-center gap-2" controlId="webhook-log-state">
          <Form.Label className="mb-0 small">Show</Form.Label>
          <Form.Select
            size="sm"
            className="w-auto"
            value={state}
            onChange={(event) => {
              setState(event.target.value as WebhookDeliveryState | '');
              setPage(1);
            }}
          >
            {(['', ...WEBHOOK_DELIVERY_STATES] as const).map((value) => (
              <option key={value} value={value}>
                {STATE_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={refresh}>
          <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
          Refresh
        </Button>
      </Card.Header>
      <Card.Body>
        {said ? (
          <Alert variant="info" role="status" dismissible onClose={() => setSaid(null)}>
            {said}
          </Alert>
        ) : null}
        {sendAgain.error ? (
          <Alert variant="danger" dismissible onClose={() => sendAgain.reset()}>
            {sendAgain.error.message}
          </Alert>
        ) : null}
        {log.isPending ? (
          <Spinner animation="border" role="status" aria-label="Loading the deliveries" />
        ) : log.isError ? (
          <ErrorScreen error={log.error} onRetry={() => void log.refetch()} />
        ) : log.data.rows.length === 0 ? (
          <p className="text-body-secondary mb-0">
            {state === ''
              ? 'Nothing has been sent to this endpoint yet.'
              : 'No delivery is in this state.'}
          </p>
        ) : (
          <>
            <Table responsive hover className="align-middle mb-0" aria-label="Deliveries">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Raised</th>
                  <th scope="col">State</th>
                  <th scope="col" className="text-end">
                    Attempts
                  </th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Next try</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.rows.map((delivery) => {
                  const isOpen = openIds.has(delivery.id);
                  const isSending = sendAgain.isPending && sendAgain.variables?.id === delivery.id;
                  return (
                    <Fragment key={delivery.id}>
                      <tr>
                        <th scope="row" className="fw-normal">
                          <Button
                            variant="link"
                            size="sm"
                            className="p-0 text-decoration-none text-nowrap"
                            aria-expanded={isOpen}
                            aria-label={`Attempts of ${delivery.event_type} #${delivery.sequence}`}
                            onClick={() => toggle(delivery.id)}
                          >
                            <i
                              className={`bi ${isOpen ? 'bi-chevron-down' : 'bi-chevron-right'} me-1`}
                              aria-hidden="true"
                            />
                            <code>{delivery.event_type}</code>
                          </Button>
                          <div className="small text-body-secondary">#{delivery.sequence}</div>
                        </th>
                        <td className="text-nowrap small">
                          {formatWebhookTime(delivery.created_at)}
                        </td>
                        <td>
                          <DeliveryStateBadge state={delivery.state} attempts={delivery.attempts} />
                        </td>
                        <td className="text-end">{delivery.attempts}</td>
                        <td className="small">
                          {delivery.attempts === 0 ? (
                            '—'
                          ) : (
                            <>
                              {statusText(delivery.last_status)}
                              {delivery.last_error ? (
                                <div className="text-body-secondary">{delivery.last_error}</div>
                              ) : null}
                            </>
                          )}
                        </td>
                        <td className="text-nowrap small">
                          {delivery.next_attempt_at
                            ? formatWebhookTime(delivery.next_attempt_at)
                            : '—'}
                        </td>
                        <td className="text-end">
                          <Button
                            size="sm"
                            variant="outline-primary"
                            disabled={isSending}
                            aria-label={`Send ${delivery.event_type} #${delivery.sequence} again`}
                            onClick={() => {
                              setSaid(null);
                              sendAgain.mutate(
                                { id: delivery.id },
                                {
                                  onSuccess: (outcome) =>
                                    setSaid(
                                      outcome.is_delivered
                                        ? `Sent ${delivery.event_type} #${delivery.sequence} again: the receiver answered ${outcome.attempt.status}.`
                                        : `Sent ${delivery.event_type} #${delivery.sequence} again, without success: ${outcome.attempt.error}`,
                                    ),
                                },
                              );
                            }}
                          >
                            {isSending ? (
                              <Spinner
                                size="sm"
                                animation="border"
                                className="me-1"
                                aria-hidden="true"
                              />
                            ) : (
                              <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
                            )}
                            Send again
                          </Button>
                        </td>
                      </tr>
                      {isOpen ? (
                        <tr>
                          <td colSpan={7} className="bg-body-tertiary">
                            <AttemptList delivery={delivery} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </Table>
            <TablePager
              page={log.data.page}
              total={log.data.total}
              pageSize={log.data.page_size}
              onPage={setPage}
              label="Delivery log pages"
              size="sm"
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}

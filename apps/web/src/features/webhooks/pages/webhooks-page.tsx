import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { AdminScreen } from '@/components/admin/admin-screen.tsx';
import {
  useRollWebhookSecret,
  useSendWebhookTest,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from '../api/webhooks.ts';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { EndpointEditor } from '../components/endpoint-editor.tsx';
import { EndpointTable } from '../components/endpoint-table.tsx';
import { SecretNotice } from '../components/secret-notice.tsx';

const WHO_SEES = 'root admins and IT admins';

/**
 * /{context}/webhooks (issue 21): the addresses quote events are posted to, each with its
 * delivery log, "Send again" and a test event.
 */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const roll = useRollWebhookSecret();
  const test = useSendWebhookTest();
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [logId, setLogId] = useState<string | null>(null);
  const [testSaid, setTestSaid] = useState<{ text: string; isDelivered: boolean } | null>(null);
  const busy = roll.isPending ? roll.variables : test.isPending ? test.variables : null;
  const failure = roll.error ?? test.error;
  const shownLog = endpoints.data?.endpoints.find((e) => e.id === logId) ?? null;

  return (
    <AdminScreen<{ endpoints: WebhookEndpoint[] }, WebhookEndpoint>
      title="Webhooks"
      subtitle="Addresses that receive quote events as they happen, signed, retried for a day when they fail."
      query={endpoints}
      what="the webhook endpoints"
      whoSees={WHO_SEES}
      newLabel="New endpoint"
      canCreate
      panelTitle={(endpoint) => (endpoint ? 'Edit endpoint' : 'New endpoint')}
      banner={
        <>
          {secret ? (
            <SecretNotice secret={secret.secret} url={secret.url} onDone={() => setSecret(null)} />
          ) : null}
          {failure ? (
            <Alert
              variant="danger"
              dismissible
              onClose={() => (roll.error ? roll.reset() : test.reset())}
            >
              {failure.message}
            </Alert>
          ) : null}
          {testSaid ? (
            <Alert
              variant={testSaid.isDelivered ? 'success' : 'warning'}
              role="status"
              dismissible
              onClose={() => setTestSaid(null)}
            >
              {testSaid.text}
            </Alert>
          ) : null}
        </>
      }
      list={(data, { open, activeRow }) => (
        <>
          <EndpointTable
            endpoints={data.endpoints}
            actions={{
              onEdit: open,
              onShowLog: (endpoint) => setLogId(logId === endpoint.id ? null : endpoint.id),
              onTest: (endpoint) => {
                setTestSaid(null);
                test.mutate(
                  { id: endpoint.id },
                  {
                    onSuccess: (outcome) =>
                      setTestSaid({
                        isDelivered: outcome.is_delivered,
                        text: outcome.is_delivered
                          ? `The test event reached ${endpoint.url}: it answered ${outcome.attempt.status}.`
                          : `The test event did not get through to ${endpoint.url}: ${outcome.attempt.error}`,
                      }),
                  },
                );
              },
              onRollSecret: (endpoint) =>
                roll.mutate(endpoint, {
                  onSuccess: (rolled) =>
                    rolled.secret ? setSecret({ secret: rolled.secret, url: rolled.url }) : null,
                }),
              busyId: busy?.id ?? null,
              shownLogId: shownLog?.id ?? null,
              activeId: activeRow?.id ?? null,
            }}
          />
          {shownLog ? <DeliveryLog key={shownLog.id} endpoint={shownLog} /> : null}
        </>
      )}
      editor={(endpoint, { close, done }) => (
        <EndpointEditor
          key={endpoint?.id ?? 'new'}
          endpoint={endpoint}
          onCancel={close}
          onSaved={(saved, isNew) => {
            if (saved.secret) setSecret({ secret: saved.secret, url: saved.url });
            done(isNew ? `Created the endpoint ${saved.url}.` : `Saved the endpoint ${saved.url}.`);
          }}
          onDeleted={(deleted) => {
            if (logId === deleted.id) setLogId(null);
            done(`Deleted the endpoint ${deleted.url}.`);
          }}
        />
      )}
    />
  );
}

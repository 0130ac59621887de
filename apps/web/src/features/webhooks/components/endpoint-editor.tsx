import {
  QUOTE_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
} from '@bastion/domain/integrations/webhook-events';
import {
  ZWebhookEndpointForm,
  type WebhookEndpointFormInput,
} from '@bastion/domain/integrations/webhook-schemas';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { CheckboxListField } from '@/components/form/choice-fields.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import {
  useDeleteWebhookEndpoint,
  useSaveWebhookEndpoint,
  type SavedWebhookEndpoint,
  type WebhookEndpoint,
} from '../api/webhooks.ts';

const EVENT_OPTIONS = QUOTE_WEBHOOK_EVENTS.map((event) => ({
  value: event,
  label: (
    <>
      {WEBHOOK_EVENT_LABELS[event]} <code className="small">{event}</code>
    </>
  ),
}));

/** The side panel's form: the address, a note, the events, and whether it receives them. */
export function EndpointEditor(props: {
  endpoint: WebhookEndpoint | null;
  onSaved: (saved: SavedWebhookEndpoint, isNew: boolean) => void;
  onDeleted: (endpoint: WebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const { endpoint } = props;
  const form = useZodForm(ZWebhookEndpointForm, {
    defaultValues: {
      url: endpoint?.url ?? 'https://',
      description: endpoint?.description ?? '',
      events: (endpoint?.events ?? []) as WebhookEndpointFormInput['events'],
      is_active: endpoint?.is_active ?? true,
    },
  });
  const save = useSaveWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  return (
    <EditorForm
      form={form}
      aria-label={endpoint ? `Edit endpoint ${endpoint.url}` : 'New endpoint'}
      error={save.error ?? remove.error}
      isPending={save.isPending}
      submitText={endpoint ? 'Save endpoint' : 'Create endpoint'}
      onCancel={props.onCancel}
      onSubmit={(values) =>
        save
          .mutateAsync(
            endpoint ? { ...values, id: endpoint.id, version: endpoint.version } : values,
          )
          .then((saved) => props.onSaved(saved, endpoint === null))
      }
      remove={
        endpoint
          ? {
              label: `Delete endpoint ${endpoint.url}`,
              question: 'Delete this endpoint and its delivery log? Nothing more is sent to it.',
              confirmText: 'Delete endpoint',
              isPending: remove.isPending,
              onConfirm: () =>
                remove.mutate(endpoint, { onSuccess: () => props.onDeleted(endpoint) }),
            }
          : undefined
      }
    >
      <TextField
        name="url"
        label="Address"
        type="url"
        isRequired
        help="Events are posted here as JSON, signed with the endpoint's secret."
      />
      <TextField name="description" label="Description" rows={2} maxLength={500} />
      <CheckboxListField
        name="events"
        legend="Events"
        listClassName="d-flex flex-column"
        options={EVENT_OPTIONS}
      />
      <CheckboxField name="is_active" label="Active: send events to this address" />
    </EditorForm>
  );
}

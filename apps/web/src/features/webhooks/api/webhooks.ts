import type { WebhookDeliveryState } from '@bastion/domain/integrations/webhook-schemas';
import type {
  SavedWebhookEndpoint,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookSendOutcome,
  ZDeletedWebhookEndpoint,
  ZSaveWebhookEndpointBody,
  ZWebhookDeliveryIdBody,
  ZWebhookEndpointIdBody,
  ZWebhookEndpointList,
  ZWebhookEndpointVersionBody,
} from '@bastion/domain/integrations/webhook-schemas';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePostMutation, usePostQuery } from '@/lib/api-query.ts';

/*
 * The webhooks page's calls (issue 21, root and IT admins): the endpoints
 * (/api/admin/webhook-endpoints), their save, secret roll and delete, an endpoint's delivery log
 * (/api/admin/webhook-deliveries), "Send again" and the test event.
 */

export type { SavedWebhookEndpoint, WebhookEndpoint, WebhookSendOutcome };
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryState,
} from '@bastion/domain/integrations/webhook-schemas';

export type WebhookEndpointInput = z.input<typeof ZSaveWebhookEndpointBody>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string, state: WebhookDeliveryState | '', page: number) =>
    ['webhooks', 'deliveries', endpointId, state, page] as const,
};

export const useWebhookEndpoints = () =>
  usePostQuery<z.infer<typeof ZWebhookEndpointList>>(
    webhookKeys.endpoints,
    '/api/admin/webhook-endpoints',
    {},
  );

/** The page of an endpoint's delivery log; nothing is read while no endpoint is chosen. */
export const useWebhookDeliveries = (
  endpointId: string | null,
  state: WebhookDeliveryState | '',
  page: number,
) =>
  usePostQuery<WebhookDeliveryPage>(
    webhookKeys.deliveries(endpointId ?? '', state, page),
    '/api/admin/webhook-deliveries',
    { endpoint_id: endpointId, state, page, page_size: 20 },
    { enabled: endpointId !== null, keepsPrevious: true },
  );

/** After any change, or on "Refresh": the endpoints and every delivery log read again. */
export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useSaveWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return usePostMutation<WebhookEndpointInput, SavedWebhookEndpoint>(
    '/api/admin/webhook-endpoint-save',
    refresh,
  );
}

export function useRollWebhookSecret() {
  const refresh = useRefreshWebhooks();
  return usePostMutation<z.input<typeof ZWebhookEndpointVersionBody>, SavedWebhookEndpoint>(
    '/api/admin/webhook-endpoint-roll-secret',
    refresh,
  );
}

export function useDeleteWebhookEndpoint() {
  const refresh = useRefreshWebhooks();
  return usePostMutation<
    z.input<typeof ZWebhookEndpointVersionBody>,
    z.infer<typeof ZDeletedWebhookEndpoint>
  >('/api/admin/webhook-endpoint-delete', refresh);
}

export function useSendWebhookAgain() {
  const refresh = useRefreshWebhooks();
  return usePostMutation<z.input<typeof ZWebhookDeliveryIdBody>, WebhookSendOutcome>(
    '/api/admin/webhook-delivery-send-again',
    refresh,
  );
}

export function useSendWebhookTest() {
  const refresh = useRefreshWebhooks();
  return usePostMutation<z.input<typeof ZWebhookEndpointIdBody>, WebhookSendOutcome>(
    '/api/admin/webhook-endpoint-test',
    refresh,
  );
}

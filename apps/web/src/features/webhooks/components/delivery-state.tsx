import { formatDateTime } from '@bastion/domain/format/date-time';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { WebhookDeliveryState } from '../api/webhooks.ts';

const STATES: Record<WebhookDeliveryState, { label: string; tone: string }> = {
  PENDING: { label: 'Retrying', tone: 'warning' },
  DELIVERED: { label: 'Delivered', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

/** A delivery's state; a pending one that was never tried yet is "Waiting". */
export function DeliveryStateBadge(props: { state: WebhookDeliveryState; attempts?: number }) {
  const { label, tone } =
    props.state === 'PENDING' && props.attempts === 0
      ? { label: 'Waiting', tone: 'blue' }
      : STATES[props.state];
  return <StatusBadge label={label} tone={tone} />;
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant as the app shows times (spec §9), in the user's time zone. */
export const formatWebhookTime = (iso: string) =>
  formatDateTime(Date.parse(iso) / 1000, userTimeZone);

/** What a status or its absence says: "HTTP 500", or "no answer". */
export const statusText = (status: number | null) =>
  status === null ? 'No answer' : `HTTP ${status}`;

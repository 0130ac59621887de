import { createHmac, randomBytes } from 'node:crypto';
import type { DeliveryRow } from './webhooks.repository.ts';

/*
 * How a delivery goes over the wire (issue 21): the JSON body, signed with the endpoint's
 * secret (HMAC-SHA256 over "<unix seconds>.<body>"), posted with a timeout and without
 * following redirects. Only a 2xx answer delivers it.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'Bastion-CPQ-Webhooks/1';
/** The longest error text kept with an attempt: never the receiver's answer itself. */
export const WEBHOOK_ERROR_MAX = 200;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `bastion-signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * The exact body posted: the stored event with the delivery's sequence, keys in this order. The
 * same bytes every time the delivery is sent.
 */
export function webhookBodyOf(delivery: Pick<DeliveryRow, 'payload' | 'sequence'>): string {
  const event = delivery.payload as {
    id: string;
    type: string;
    created_at: string;
    data: unknown;
  };
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    sequence: delivery.sequence,
    data: event.data,
  });
}

export interface PostOutcome {
  isDelivered: boolean;
  /** The HTTP status answered; null when none came. */
  status: number | null;
  error: string;
  durationMs: number;
}

/** Why no answer came, in a few words: the system's error code, or a timeout. */
function failureOf(error: unknown, timedOut: boolean): string {
  if (timedOut) return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const message =
    typeof cause?.message === 'string'
      ? cause.message
      : error instanceof Error
        ? error.message
        : String(error);
  return `Could not reach the receiver: ${code ?? message}`;
}

/** What an answer that is not a success says, without the receiver's body. */
function answerError(response: Response): string {
  const text = response.statusText ? ` ${response.statusText}` : '';
  if (response.status >= 300 && response.status < 400) {
    return `The receiver answered ${response.status}${text}: redirects are not followed.`;
  }
  return `The receiver answered ${response.status}${text}.`;
}

/** Posts the delivery to `url`, signed with `secret`; never throws. */
export async function postWebhook(
  url: string,
  secret: string,
  delivery: Pick<DeliveryRow, 'id' | 'eventId' | 'eventType' | 'payload' | 'sequence'>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostOutcome> {
  const body = webhookBodyOf(delivery);
  // The receiver compares the timestamp with its own clock: the real time, not the app's.
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), timeoutMs);
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: timer.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'bastion-event': delivery.eventType,
        'bastion-event-id': delivery.eventId,
        'bastion-delivery': delivery.id,
        'bastion-signature': webhookSignature(secret, timestamp, body),
      },
    });
    // The answer's body is not read: only its status matters.
    await response.body?.cancel().catch(() => undefined);
    const isDelivered = response.status >= 200 && response.status < 300;
    return {
      isDelivered,
      status: response.status,
      error: isDelivered ? '' : answerError(response).slice(0, WEBHOOK_ERROR_MAX),
      durationMs: took(),
    };
  } catch (error) {
    return {
      isDelivered: false,
      status: null,
      error: failureOf(error, timer.signal.aborted).slice(0, WEBHOOK_ERROR_MAX),
      durationMs: took(),
    };
  } finally {
    clearTimeout(timeout);
  }
}

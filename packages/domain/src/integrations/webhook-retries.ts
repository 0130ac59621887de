/*
 * When a webhook delivery is tried again (issue 21): exponential backoff from a base delay,
 * doubled after each failed attempt and capped at an hour, until the delivery's give-up time (a
 * day after the event); a delivery still failing then is FAILED.
 */

export const WEBHOOK_RETRY_CAP_MS = 60 * 60 * 1000;
/** How long a delivery is retried, from the event. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** The wait before the next attempt, after `attempts` failed ones (1 or more). */
export function webhookRetryDelayMs(attempts: number, baseMs: number): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows nothing before the cap is reached: stop doubling there.
  if (exponent >= 32) return WEBHOOK_RETRY_CAP_MS;
  return Math.min(baseMs * 2 ** exponent, WEBHOOK_RETRY_CAP_MS);
}

export type AfterFailure = { state: 'PENDING'; nextAttemptAt: Date } | { state: 'FAILED' };

/**
 * What becomes of a delivery whose attempt number `attempts` failed at `now`: tried again after
 * the backoff, but never later than its give-up time (the last try is made then); FAILED once
 * an attempt at or after that time failed.
 */
export function afterFailedAttempt(input: {
  attempts: number;
  now: Date;
  giveUpAt: Date;
  baseMs: number;
}): AfterFailure {
  if (input.now.getTime() >= input.giveUpAt.getTime()) return { state: 'FAILED' };
  const next = input.now.getTime() + webhookRetryDelayMs(input.attempts, input.baseMs);
  return { state: 'PENDING', nextAttemptAt: new Date(Math.min(next, input.giveUpAt.getTime())) };
}

import { describe, expect, it } from 'vitest';
import { afterFailedAttempt, webhookRetryDelayMs } from './webhook-retries.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe('webhookRetryDelayMs', () => {
  it.each<[number, number, number]>([
    [1, 30, 30],
    [2, 30, 60],
    [3, 30, 120],
    [4, 30, 240],
    [7, 30, 1920],
    [8, 30, 3600],
    [9, 30, 3600],
    [40, 30, 3600],
    [1, 1, 1],
    [3, 1, 4],
    [0, 30, 30],
  ])('after %i failed attempts, base %i s: %i s', (attempts, baseSeconds, expected) => {
    expect(webhookRetryDelayMs(attempts, baseSeconds * SECOND)).toBe(expected * SECOND);
  });
});

describe('afterFailedAttempt', () => {
  const created = new Date('2026-11-26T10:00:00Z');
  const giveUpAt = new Date(created.getTime() + 24 * HOUR);
  const at = (ms: number) => new Date(created.getTime() + ms);

  it.each<[string, number, number, string | null]>([
    ['the first failure waits the base', 1, 0, '2026-11-26T10:00:30.000Z'],
    ['the third waits four times the base', 3, 10 * SECOND, '2026-11-26T10:02:10.000Z'],
    ['the wait stops growing at an hour', 12, 5 * HOUR, '2026-11-26T16:00:00.000Z'],
    ['the last try is made at the give-up time', 30, 23.5 * HOUR, '2026-11-27T10:00:00.000Z'],
    ['a failure at the give-up time is final', 31, 24 * HOUR, null],
    ['a failure after it is final', 31, 25 * HOUR, null],
  ])('%s', (_label, attempts, elapsed, expected) => {
    const outcome = afterFailedAttempt({
      attempts,
      now: at(elapsed),
      giveUpAt,
      baseMs: 30 * SECOND,
    });
    if (expected === null) expect(outcome).toEqual({ state: 'FAILED' });
    else expect(outcome).toEqual({ state: 'PENDING', nextAttemptAt: new Date(expected) });
  });
});

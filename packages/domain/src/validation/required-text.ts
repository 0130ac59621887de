import { z } from 'zod';

/**
 * Text a form must fill in: trimmed, then at least one character (`missing` says so, also when
 * what came is not text) and at most `max` (`tooLong`).
 */
export function zRequiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientNetwork } from '../../lib/rate-limit.ts';
import { countRecentFailures, deleteLoginFailure, recordLoginFailure } from './auth.repository.ts';
import { tooManyFailures } from './sign-in.ts';

/**
 * Runs a check of something only the user knows (a code, the current password) outside sign-in,
 * counted in the same budget as sign-in failures (decision 016): someone holding a session
 * cannot guess codes faster than a stranger could guess passwords. `check` answers whether it
 * passed; a failure is recorded and refused with `problem` on `field`.
 */
export async function checkWithinFailureBudget(
  db: Database,
  config: ServerConfig,
  key: { email: string; ip: string },
  failure: { field: string; problem: string },
  check: () => Promise<boolean>,
  now = new Date(),
): Promise<void> {
  const pair = { email: key.email, address: clientNetwork(key.ip) };
  const windowStart = new Date(now.getTime() - config.login.windowMinutes * 60_000);
  const counted = () =>
    countRecentFailures(db, pair, { window: windowStart, accountWindow: windowStart });
  const claimId = await recordLoginFailure(db, pair);
  const failures = await counted();
  if (failures.forPair - 1 >= config.login.maxFailuresPerAccount) {
    await deleteLoginFailure(db, claimId);
    throw tooManyFailures(failures.oldestForPair, config.login.windowMinutes, now);
  }
  if (!(await check())) {
    throw new AppError('VALIDATION_FAILED', failure.problem, {
      details: [{ path: failure.field, message: failure.problem }],
    });
  }
  await deleteLoginFailure(db, claimId);
}

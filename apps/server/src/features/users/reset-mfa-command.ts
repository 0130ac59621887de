import { randomUUID } from 'node:crypto';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { resetSecondFactor, mfaResetAudit } from './reset-user-mfa.ts';
import { insertAuditEntry } from './users.repository.ts';
import { ZUserEmail } from '@bastion/domain/accounts/user-admin-schemas';

export interface CommandResult {
  exitCode: number;
  /** What to print: to standard output when the command succeeded, else to standard error. */
  lines: string[];
}

const USAGE = 'Usage: npm run user:reset-mfa -- <e-mail address>';

/**
 * `npm run user:reset-mfa -- <email>`: an administrator locked out of their second factor gets
 * back in with their password alone (the sign-in policy then asks them to enrol again). The same
 * reset as the administrators' route, recorded in the user's history as made from the command line.
 */
export async function resetMfaFromCommandLine(
  db: Database,
  args: readonly string[],
  now = new Date(),
): Promise<CommandResult> {
  if (args.length !== 1) return { exitCode: 2, lines: [USAGE] };
  const parsed = ZUserEmail.safeParse(args[0]);
  if (!parsed.success) {
    return { exitCode: 2, lines: [`"${args[0]}" is not an e-mail address.`, USAGE] };
  }
  const email = parsed.data;
  try {
    const outcome = await resetSecondFactor(db, email, now);
    const audit = mfaResetAudit(outcome, 'command line');
    await insertAuditEntry(db, {
      action: audit.action,
      entityId: outcome.user.id,
      details: audit.details ?? {},
      requestId: `cli-${randomUUID()}`,
    });
    return {
      exitCode: 0,
      lines: [
        outcome.wasEnabled
          ? `Turned two-step sign-in off for ${email}: its secret and recovery codes are deleted.`
          : `${email} had no two-step sign-in; any half-finished set-up is deleted.`,
        `Ended ${outcome.endedSessions} session${outcome.endedSessions === 1 ? '' : 's'} of ${email}.`,
        'They sign in with their password now; if the sign-in policy requires a second factor of their roles, they set up a new one right after.',
      ],
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      return {
        exitCode: 1,
        lines: [`There is no user with the e-mail address ${email}. Nothing was changed.`],
      };
    }
    throw error;
  }
}

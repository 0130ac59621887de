import type { UserHistoryRow, UserSignInRow } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import { pageOf, pageWindow, type PageRequest } from '../../lib/db/paging.ts';
import { requireUser } from './get-user-detail.ts';
import { findHistoryPage, findSignInPage } from './users.repository.ts';

const SIGN_IN_PREFIXES = ['auth.login.', 'auth.google.'] as const;

/**
 * What a sign-in's audit action says happened: the rest of `auth.login.…` (succeeded,
 * invalid_credentials, mfa_required…); a Google sign-in reads `google`, or `google_…` when it
 * did not succeed.
 */
export function signInOutcome(action: string): string {
  if (action.startsWith('auth.google.')) {
    const rest = action.slice('auth.google.'.length);
    return rest === 'succeeded' ? 'google' : `google_${rest}`;
  }
  return action.slice('auth.login.'.length);
}

/** POST /api/admin/user-sign-ins: the user's sign-ins and failed attempts, newest first. */
export async function listUserSignIns(
  db: Database,
  input: PageRequest & { email: string },
): Promise<{ rows: UserSignInRow[]; total: number; page: number; page_size: number }> {
  const { user } = await requireUser(db, input.email);
  const { rows, total } = await findSignInPage(db, user.id, SIGN_IN_PREFIXES, pageWindow(input));
  return {
    rows: rows.map((row) => ({
      occurred_at: row.occurredAt.toISOString(),
      outcome: signInOutcome(row.action),
      ip: row.ip,
    })),
    total,
    ...pageOf(input),
  };
}

/**
 * POST /api/admin/user-history: the changes administrators made to the user and the
 * impersonations of them, newest first, with who acted (and who was acting as them).
 */
export async function listUserHistory(
  db: Database,
  input: PageRequest & { email: string },
): Promise<{ rows: UserHistoryRow[]; total: number; page: number; page_size: number }> {
  const { user } = await requireUser(db, input.email);
  const { rows, total } = await findHistoryPage(
    db,
    user.id,
    ['user.', 'auth.impersonation.'],
    pageWindow(input),
  );
  return {
    rows: rows.map((row) => ({
      occurred_at: row.occurredAt.toISOString(),
      action: row.action,
      actor_email: row.actorEmail,
      impersonator_email: row.impersonatorEmail,
      details: row.details,
    })),
    total,
    ...pageOf(input),
  };
}

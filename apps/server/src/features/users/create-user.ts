import type { z } from 'zod';
import type { UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import { getUserDetail } from './get-user-detail.ts';
import { checkRoleGrants } from './role-grants.ts';
import { mailSetPasswordLink, type MailDeps } from './send-password-link.ts';
import { invalidField, refuseWhileImpersonating, requireGrantable } from './user-admin-errors.ts';
import type { ZCreateUserBody } from '@bastion/domain/accounts/users-api';
import { findUserByEmail, insertUserWithRoles } from './users.repository.ts';
import { isUniqueViolation } from '../../lib/db/unique-violation.ts';

export const EMAIL_TAKEN_MESSAGE = 'A user with this e-mail address already exists.';

const emailTaken = () => new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);

/** A service account signs in with nothing but its API tokens, and approves nothing. */
export function refuseServiceAccountSignIn(
  input: Pick<z.output<typeof ZCreateUserBody>, 'id_provider' | 'send_password' | 'is_approver'>,
) {
  if (input.id_provider !== 'Local') {
    throw invalidField(
      'id_provider',
      'A service account does not sign in with Google: it calls the API with tokens.',
    );
  }
  if (input.send_password) {
    throw invalidField(
      'send_password',
      'A service account has no password: create an API token for it instead.',
    );
  }
  if (input.is_approver) {
    throw invalidField('is_approver', 'A service account cannot approve: approvals need a person.');
  }
}

/**
 * POST /api/admin/create-user: a new user with the roles given (only roles the caller may grant),
 * without a password; a Local user may be e-mailed a link to set one at once. The audit entries
 * of the creation and of the e-mail.
 */
export async function createUser(
  db: Database,
  deps: MailDeps,
  caller: AuthContext,
  input: z.output<typeof ZCreateUserBody> & { ip: string },
  now = new Date(),
): Promise<{ data: UserDetail; audits: AuditEntry[] }> {
  refuseWhileImpersonating(caller);
  requireGrantable(
    caller.roles,
    input.roles.map((role) => role.value),
  );
  if (input.send_password && input.id_provider !== 'Local') {
    throw invalidField(
      'send_password',
      'Google users sign in with Google: there is no password to send a link for.',
    );
  }
  if (input.is_service_account) refuseServiceAccountSignIn(input);
  const roles = await checkRoleGrants(db, input.roles);
  if (await findUserByEmail(db, input.email)) throw emailTaken();

  let userId: string;
  try {
    userId = await db.transaction((tx) =>
      insertUserWithRoles(
        tx,
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          idProvider: input.id_provider,
          isApprover: input.is_approver,
          isServiceAccount: input.is_service_account,
          roles,
        },
        now,
      ),
    );
  } catch (error) {
    // Two administrators creating the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }

  const audits: AuditEntry[] = [
    {
      action: 'user.created',
      entityType: 'user',
      entityId: userId,
      details: {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        id_provider: input.id_provider,
        is_approver: input.is_approver,
        roles,
        send_password: input.send_password,
        is_service_account: input.is_service_account,
      },
    },
  ];
  if (input.send_password) {
    audits.push(
      await mailSetPasswordLink(
        db,
        deps,
        { id: userId, email: input.email, firstName: input.first_name, passwordHash: null },
        input.ip,
        now,
      ),
    );
  }
  return { data: await getUserDetail(db, input.email, now), audits };
}

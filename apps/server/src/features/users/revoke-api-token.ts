import type { ApiTokenRow } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { findApiTokens, revokeApiToken } from './api-tokens.repository.ts';
import { requireServiceAccount } from './service-account.ts';
import { refuseWhileImpersonating } from './user-admin-errors.ts';

/**
 * POST /api/admin/revoke-api-token: the token stops working at once, on every instance (the
 * session caches are told). Revoking a revoked token changes nothing and says so.
 */
export async function revokeServiceAccountToken(
  db: Database,
  caller: AuthContext,
  input: { email: string; token_id: string },
  now = new Date(),
): Promise<Audited<ApiTokenRow>> {
  refuseWhileImpersonating(caller);
  const account = await requireServiceAccount(db, input.email);
  const [before] = await findApiTokens(db, account.id, now, input.token_id);
  if (!before) throw new AppError('NOT_FOUND', 'This service account has no such token.');
  const isRevoked = await revokeApiToken(db, {
    userId: account.id,
    tokenId: input.token_id,
    revokedBy: caller.userId,
    at: now,
  });
  const [after] = await findApiTokens(db, account.id, now, input.token_id);
  return {
    data: after ?? before,
    audit: isRevoked
      ? {
          action: 'api_token.revoked',
          entityType: 'user',
          entityId: account.id,
          details: { token_id: input.token_id, name: before.name },
        }
      : null,
  };
}

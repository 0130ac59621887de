import type { z } from 'zod';
import type { ApiTokenRow, ZCreateApiTokenBody } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';
import { countActiveApiTokens, findApiTokens, insertApiToken } from './api-tokens.repository.ts';
import { requireServiceAccount } from './service-account.ts';
import { refuseWhileImpersonating } from './user-admin-errors.ts';

/** Tells a Bastion token from other secrets in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'bcpq_';

/** Enough to rotate with room to spare; more usually means forgotten tokens. */
export const MAX_ACTIVE_TOKENS = 10;

const DAY_MS = 86_400_000;

/**
 * POST /api/admin/create-api-token: a new token for a service account, working for the days
 * given. The token is in this answer only: just its SHA-256 is kept.
 */
export async function createApiToken(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZCreateApiTokenBody>,
  now = new Date(),
): Promise<Audited<{ token: string; row: ApiTokenRow }>> {
  refuseWhileImpersonating(caller);
  const account = await requireServiceAccount(db, input.email);
  if (account.isDisabled) {
    throw new AppError('CONFLICT', 'This service account is disabled: enable it first.');
  }
  if ((await countActiveApiTokens(db, account.id, now)) >= MAX_ACTIVE_TOKENS) {
    throw new AppError(
      'CONFLICT',
      `This service account already has ${MAX_ACTIVE_TOKENS} working tokens: revoke one first.`,
    );
  }
  const token = `${API_TOKEN_PREFIX}${newOpaqueToken()}`;
  const id = await insertApiToken(db, {
    userId: account.id,
    name: input.name,
    tokenHash: hashOpaqueToken(token),
    tokenPrefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    createdBy: caller.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
  });
  const [row] = await findApiTokens(db, account.id, now, id);
  if (!row) throw new Error('the new api token was not found');
  return {
    data: { token, row },
    audit: {
      action: 'api_token.created',
      entityType: 'user',
      entityId: account.id,
      details: { token_id: id, name: row.name, expires_at: row.expires_at },
    },
  };
}

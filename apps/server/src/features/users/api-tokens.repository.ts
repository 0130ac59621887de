import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiTokenRow } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import { apiTokens } from '@bastion/db/schema/integrations';
import { users } from '@bastion/db/schema/users';
import { announceSessionChange } from '../../core/access/session-cache.ts';

const creator = alias(users, 'token_creator');
const revoker = alias(users, 'token_revoker');

/** A service account's tokens, newest first, with who made and revoked them. */
export async function findApiTokens(
  db: Database,
  userId: string,
  now: Date,
  tokenId?: string,
): Promise<ApiTokenRow[]> {
  const rows = await db
    .select({
      token: apiTokens,
      createdByEmail: creator.email,
      revokedByEmail: revoker.email,
    })
    .from(apiTokens)
    .leftJoin(creator, eq(creator.id, apiTokens.createdBy))
    .leftJoin(revoker, eq(revoker.id, apiTokens.revokedBy))
    .where(and(eq(apiTokens.userId, userId), tokenId ? eq(apiTokens.id, tokenId) : undefined))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ token, createdByEmail, revokedByEmail }) => ({
    id: token.id,
    name: token.name,
    token_prefix: token.tokenPrefix,
    state: token.revokedAt ? 'revoked' : token.expiresAt <= now ? 'expired' : 'active',
    created_at: token.createdAt.toISOString(),
    created_by_email: createdByEmail,
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    last_used_ip: token.lastUsedIp,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    revoked_by_email: revokedByEmail,
  }));
}

export async function insertApiToken(
  db: Database,
  values: {
    userId: string;
    name: string;
    tokenHash: string;
    tokenPrefix: string;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  if (!row) throw new Error('api token insert returned nothing');
  return row.id;
}

/**
 * Revokes the token if it is still unrevoked; false when it already was. Every instance forgets
 * what it cached of the token when this commits.
 */
export async function revokeApiToken(
  db: Database,
  input: { userId: string; tokenId: string; revokedBy: string; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: input.at, revokedBy: input.revokedBy })
      .where(
        and(
          eq(apiTokens.id, input.tokenId),
          eq(apiTokens.userId, input.userId),
          isNull(apiTokens.revokedAt),
        ),
      )
      .returning({ id: apiTokens.id });
    if (revoked.length > 0) await announceSessionChange(tx);
    return revoked.length > 0;
  });
}

/** How many tokens of the user still work: a guard against an account with dozens. */
export async function countActiveApiTokens(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        sql`${apiTokens.expiresAt} > ${now.toISOString()}`,
      ),
    );
  return row?.n ?? 0;
}

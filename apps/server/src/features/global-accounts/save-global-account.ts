import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GLOBAL_ACCOUNT_MESSAGES,
  nameTakenMessage,
  type GlobalAccountDetail,
  type ZSaveGlobalAccountBody,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { globalAccounts } from '@bastion/db/schema/global-accounts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { readGlobalAccountDetail } from './get-global-account.ts';
import { findGroup, isUniqueViolation } from './global-accounts.repository.ts';

type SaveInput = z.output<typeof ZSaveGlobalAccountBody>;

const nameTaken = (name: string) => new AppError('CONFLICT', nameTakenMessage(name));

/**
 * POST /api/dx/global-accounts/save: creates a group (no id) or renames and describes one. Names
 * are unique whatever their case, so the page can tell groups apart.
 */
export async function saveGlobalAccount(
  db: Database,
  caller: AuthContext,
  input: SaveInput,
): Promise<Audited<GlobalAccountDetail>> {
  const sameName = and(
    eq(sql`lower(${globalAccounts.name})`, input.name.toLowerCase()),
    input.id === null ? undefined : ne(globalAccounts.id, input.id),
  );
  const [clash] = await db.select({ id: globalAccounts.id }).from(globalAccounts).where(sameName);
  if (clash) throw nameTaken(input.name);

  let id = input.id;
  let before: { name: string; description: string } | null = null;
  try {
    if (id === null) {
      const [created] = await db
        .insert(globalAccounts)
        .values({ name: input.name, description: input.description, createdBy: caller.userId })
        .returning({ id: globalAccounts.id });
      if (!created) throw new Error('global account insert returned nothing');
      id = created.id;
    } else {
      const found = await findGroup(db, id);
      if (!found) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
      before = { name: found.name, description: found.description };
      await db
        .update(globalAccounts)
        .set({ name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(globalAccounts.id, id));
    }
  } catch (error) {
    // Two saves of the same name at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  return {
    data: await readGlobalAccountDetail(db, caller, id),
    audit: {
      action: before === null ? 'global_account.created' : 'global_account.updated',
      entityType: 'global_account',
      entityId: id,
      details:
        before === null
          ? { name: input.name, description: input.description }
          : { before, after: { name: input.name, description: input.description } },
    },
  };
}

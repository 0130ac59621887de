import type { z } from 'zod';
import {
  GLOBAL_ACCOUNT_MESSAGES,
  nameTakenMessage,
  type GlobalAccountDetail,
  type ZSaveGlobalAccountBody,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { readGlobalAccountDetail } from './get-global-account.ts';
import {
  findGroup,
  findGroupNamed,
  insertGroup,
  isUniqueViolation,
  updateGroup,
} from './global-accounts.repository.ts';

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
  const clash = await findGroupNamed(db, input.name, input.id);
  if (clash) throw nameTaken(input.name);

  let id = input.id;
  let before: { name: string; description: string } | null = null;
  try {
    if (id === null) {
      id = await insertGroup(
        db,
        { name: input.name, description: input.description },
        caller.userId,
      );
    } else {
      const found = await findGroup(db, id);
      if (!found) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
      before = { name: found.name, description: found.description };
      await updateGroup(db, id, { name: input.name, description: input.description });
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

import { canonicalRegions } from '@bastion/domain/broadcasts/model';
import {
  BROADCAST_MESSAGES,
  type Broadcast,
  type SaveBroadcastInput,
} from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { Saved } from '../../lib/post-route.ts';
import {
  findBroadcastRow,
  insertBroadcast,
  updateBroadcastAt,
  type BroadcastFields,
} from './broadcasts.repository.ts';
import { getBroadcast } from './get-broadcast.ts';

/** What is stored: the audience keeps only the list its kind reads, each entry once. */
function fieldsOf(input: SaveBroadcastInput): BroadcastFields {
  return {
    title: input.title,
    body: input.body,
    severity: input.severity,
    audienceKind: input.audience_kind,
    audienceRoles: input.audience_kind === 'ROLES' ? [...new Set(input.audience_roles)] : [],
    audienceRegions:
      input.audience_kind === 'REGIONS' ? canonicalRegions(input.audience_regions) : [],
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
  };
}

/**
 * POST /api/admin/broadcast-save: creates a broadcast (no id) or changes one, if nobody changed
 * it since the editor read it (its updated_at). Users who read it before keep it read.
 */
export async function saveBroadcast(
  db: Database,
  caller: AuthContext,
  input: SaveBroadcastInput,
  now = appNow(),
): Promise<Saved<Broadcast>> {
  const fields = fieldsOf(input);
  if (input.id === undefined) {
    const id = await insertBroadcast(db, fields, caller.userId, now);
    return { ...(await getBroadcast(db, id, now)), isCreated: true };
  }
  if (input.updated_at === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Send when the broadcast was last changed.', {
      details: [{ path: 'updated_at', message: 'Send when the broadcast was last changed.' }],
    });
  }
  const isSaved = await updateBroadcastAt(
    db,
    { id: input.id, expectedUpdatedAt: new Date(input.updated_at), fields },
    caller.userId,
    now,
  );
  if (!isSaved) {
    if (!(await findBroadcastRow(db, input.id))) {
      throw new AppError('NOT_FOUND', BROADCAST_MESSAGES.notFound);
    }
    throw new AppError('CONFLICT', BROADCAST_MESSAGES.staleEdit);
  }
  return { ...(await getBroadcast(db, input.id, now)), isCreated: false };
}

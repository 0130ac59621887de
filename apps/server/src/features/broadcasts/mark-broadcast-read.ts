import { isInAudience } from '@bastion/domain/broadcasts/model';
import { BROADCAST_MESSAGES, type MyBroadcast } from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import { refuseWhileImpersonating, type AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { findBroadcastRow, findReceipt, recordReceipt } from './broadcasts.repository.ts';
import { audienceOf, myBroadcastView } from './list-my-broadcasts.ts';

export const RECEIPT_WHILE_IMPERSONATING =
  'You are acting as someone else: their broadcasts stay unread until they read them.';

/**
 * Records the caller's receipt of a broadcast that has started and whose audience they are in
 * (one that ended meanwhile still takes it); any other answers 404, as if it did not exist.
 * Again and again changes nothing. An administrator acting as the user records nothing: the
 * user must see the message themselves (decision 021).
 */
export async function receiveBroadcast(
  db: Database,
  caller: AuthContext,
  receipt: { id: string; isDismissed: boolean },
  now = appNow(),
): Promise<MyBroadcast> {
  const broadcast = await findBroadcastRow(db, receipt.id);
  const isVisible =
    broadcast !== null &&
    broadcast.startsAt.getTime() <= now.getTime() &&
    isInAudience(audienceOf(broadcast), caller.roles);
  if (!broadcast || !isVisible) throw new AppError('NOT_FOUND', BROADCAST_MESSAGES.notFound);
  refuseWhileImpersonating(caller, RECEIPT_WHILE_IMPERSONATING);
  await recordReceipt(
    db,
    { broadcastId: broadcast.id, userId: caller.userId, isDismissed: receipt.isDismissed },
    now,
  );
  return myBroadcastView(broadcast, await findReceipt(db, broadcast.id, caller.userId));
}

/** POST /api/dx/mark-broadcast-read: the caller read it; the unread count falls. */
export const markBroadcastRead = (db: Database, caller: AuthContext, id: string) =>
  receiveBroadcast(db, caller, { id, isDismissed: false });

import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { receiveBroadcast } from './mark-broadcast-read.ts';

/**
 * POST /api/dx/dismiss-broadcast: the caller closed a critical broadcast's banner, which also
 * reads it. It stays in the bell's list until it ends.
 */
export const dismissBroadcast = (db: Database, caller: AuthContext, id: string) =>
  receiveBroadcast(db, caller, { id, isDismissed: true });

import type { Database } from '@bastion/db/client';
import { notFound, staleRecord } from './approval-admin-errors.ts';
import {
  deletePartnerExceptionAtVersion,
  findPartnerException,
} from './partner-exceptions.repository.ts';

/** Deletes an exception: quotes no longer count it from the next submission on. */
export async function deletePartnerException(db: Database, id: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await findPartnerException(tx, id);
    if (!current) throw notFound('partner exception');
    if (current.exception.version !== version) throw staleRecord('partner exception');
    if (!(await deletePartnerExceptionAtVersion(tx, id, version))) {
      throw staleRecord('partner exception');
    }
    const { partnerName, partnerAccountId } = current.exception;
    return { id, is_deleted: true as const, partnerName, partnerAccountId };
  });
}

import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { partnerExceptions } from '@bastion/db/schema/approvals';
import { firstOrNull } from '../../lib/db/queries.ts';
import { versionedRecords } from '../../lib/db/versioned-rows.ts';
import { editorOf, type Db } from './approval-admin.repository.ts';

/* Queries of the partner exceptions: reads and writes, no decisions. */

export type { PartnerExceptionRow } from '../../lib/db/rows.ts';

const exceptionColumns = {
  exception: partnerExceptions,
  editor: editorOf(partnerExceptions),
};

export async function listPartnerExceptions(db: Db) {
  return db
    .select(exceptionColumns)
    .from(partnerExceptions)
    .orderBy(asc(partnerExceptions.partnerName), asc(partnerExceptions.validFrom));
}

export async function findPartnerException(db: Db, id: string) {
  return firstOrNull(
    db.select(exceptionColumns).from(partnerExceptions).where(eq(partnerExceptions.id, id)),
  );
}

/** Active exceptions of the partner whose window shares a day with [from, to]. */
export async function findOverlappingExceptions(
  db: Db,
  input: { partnerAccountId: string; from: string; to: string; exceptId?: string },
) {
  return db
    .select({
      id: partnerExceptions.id,
      validFrom: partnerExceptions.validFrom,
      validTo: partnerExceptions.validTo,
    })
    .from(partnerExceptions)
    .where(
      and(
        eq(partnerExceptions.partnerAccountId, input.partnerAccountId),
        eq(partnerExceptions.isActive, true),
        sql`${partnerExceptions.validFrom} <= ${input.to}::date`,
        sql`${partnerExceptions.validTo} >= ${input.from}::date`,
        input.exceptId ? ne(partnerExceptions.id, input.exceptId) : undefined,
      ),
    )
    .orderBy(asc(partnerExceptions.validFrom));
}

export interface PartnerExceptionFields {
  partnerAccountId: string;
  partnerName: string;
  extraDiscountPercent: string;
  validFrom: string;
  validTo: string;
  reason: string;
  isActive: boolean;
}

export const {
  insert: insertPartnerException,
  updateAtVersion: updatePartnerExceptionAtVersion,
  deleteAtVersion: deletePartnerExceptionAtVersion,
} = versionedRecords(partnerExceptions, 'partner exception');

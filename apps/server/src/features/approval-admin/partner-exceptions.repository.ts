import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { partnerExceptions } from '@bastion/db/schema/approvals';
import { deleteAtVersion, insertVersioned, updateAtVersion } from '../../lib/versioned-rows.ts';
import { editorOf, type Db } from './approval-admin.repository.ts';

/* Queries of the partner exceptions: reads and writes, no decisions. */

export type PartnerExceptionRow = typeof partnerExceptions.$inferSelect;

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
  const [row] = await db
    .select(exceptionColumns)
    .from(partnerExceptions)
    .where(eq(partnerExceptions.id, id));
  return row ?? null;
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

export async function insertPartnerException(
  db: Db,
  fields: PartnerExceptionFields,
  actorUserId: string,
  now: Date,
) {
  return insertVersioned(db, partnerExceptions, fields, actorUserId, now, 'partner exception');
}

export async function updatePartnerExceptionAtVersion(
  db: Db,
  input: { id: string; expectedVersion: number; fields: PartnerExceptionFields },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  return updateAtVersion(db, partnerExceptions, input, actorUserId, now);
}

export async function deletePartnerExceptionAtVersion(db: Db, id: string, expectedVersion: number) {
  return deleteAtVersion(db, partnerExceptions, id, expectedVersion);
}

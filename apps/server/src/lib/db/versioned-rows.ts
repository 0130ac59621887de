import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';

/*
 * The optimistic-version writes admin records share (decision 018): each row carries a version,
 * a change names the version it was made from, and a write at any other version changes nothing.
 */

/** A transaction or the database. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A table of admin records: an id, a version and who changed a row last. */
export type VersionedTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

/**
 * Inserts a new record (at the table's first version), created and last changed by
 * `actorUserId` at `now`; its id. `what` names the record in the error of an empty answer.
 */
export async function insertVersioned<T extends VersionedTable & { createdAt: PgColumn }>(
  db: Db,
  table: T,
  fields: Omit<PgInsertValue<T>, 'createdAt' | 'updatedAt' | 'updatedBy'>,
  actorUserId: string,
  now: Date,
  what: string,
): Promise<string> {
  const values = { ...fields, createdAt: now, updatedAt: now, updatedBy: actorUserId };
  const [row] = await db
    .insert(table)
    .values(values as PgInsertValue<T>)
    .returning({ id: table.id });
  if (!row) throw new Error(`${what} insert returned nothing`);
  return row.id as string;
}

/** The row's next version with `fields`; false when it is not at `expectedVersion`. */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  input: { id: string; expectedVersion: number; fields: PgUpdateSetSource<T> },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({
      ...input.fields,
      version: sql`${table.version} + 1`,
      updatedAt: now,
      updatedBy: actorUserId,
    })
    .where(and(eq(table.id, input.id), eq(table.version, input.expectedVersion)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes the row if it is still at `expectedVersion`; false when it is not. */
export async function deleteAtVersion(
  db: Db,
  table: VersionedTable,
  id: string,
  expectedVersion: number,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.version, expectedVersion)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/**
 * One table's versioned writes, for a repository to export under its records' names. `what`
 * names a record in the error of an empty insert.
 */
export function versionedRecords<T extends VersionedTable & { createdAt: PgColumn }>(
  table: T,
  what: string,
) {
  return {
    insert: (
      db: Db,
      fields: Omit<PgInsertValue<T>, 'createdAt' | 'updatedAt' | 'updatedBy'>,
      actorUserId: string,
      now: Date,
    ) => insertVersioned(db, table, fields, actorUserId, now, what),
    updateAtVersion: (
      db: Db,
      input: { id: string; expectedVersion: number; fields: PgUpdateSetSource<T> },
      actorUserId: string,
      now: Date,
    ) => updateAtVersion(db, table, input, actorUserId, now),
    deleteAtVersion: (db: Db, id: string, expectedVersion: number) =>
      deleteAtVersion(db, table, id, expectedVersion),
  };
}

/** Another row whose `column` is `text` in any case (not the row `exceptId`); null when none. */
export async function findOtherWithText(
  db: Db,
  table: VersionedTable,
  column: PgColumn,
  text: string,
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(sql`lower(${column})`, text.toLowerCase()),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Another row whose name is `name` in any case (not the row `exceptId`); null when none. */
export async function findOtherNamed(
  db: Db,
  table: VersionedTable & { name: PgColumn },
  name: string,
  exceptId?: string,
) {
  return findOtherWithText(db, table, table.name, name, exceptId);
}

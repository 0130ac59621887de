import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';

/*
 * The demo book recording's queries (decision 035): what the schema holds, every row of a table
 * as text, and the statements that load recorded rows back. Table and column names come from the
 * schema or the recording, never from a request.
 */

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer with { rows }; the shared query builder types it loosely.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_generated: string;
  is_identity: 'YES' | 'NO';
}

export interface ForeignKey {
  table_name: string;
  column_name: string;
  ref_table: string;
}

export const listColumns = (db: Database) =>
  rowsOf<ColumnInfo>(
    db,
    sql`select table_name, column_name, data_type, is_nullable, column_default, is_generated, is_identity
        from information_schema.columns
        where table_schema = current_schema()
        order by table_name, ordinal_position`,
  );

export const listForeignKeys = (db: Database) =>
  rowsOf<ForeignKey>(
    db,
    sql`select kcu.table_name, kcu.column_name, ccu.table_name as ref_table
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
  );

/** Each sequence's last value (0 for one never used). */
export const readSequences = async (db: Database) =>
  new Map(
    (
      await rowsOf<{ name: string; value: string | number | null }>(
        db,
        sql`select sequencename as name, last_value as value from pg_sequences
            where schemaname = current_schema()`,
      )
    ).map((s) => [s.name, Number(s.value ?? 0)]),
  );

/** Each table's primary key columns, in order. */
export const listPrimaryKeys = async (db: Database) => {
  const keys = new Map<string, string[]>();
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select kcu.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
        order by kcu.table_name, kcu.ordinal_position`,
  );
  for (const c of columns)
    keys.set(c.table_name, [...(keys.get(c.table_name) ?? []), c.column_name]);
  return keys;
};

export const listTables = async (db: Database) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((t) => t.name);

/** Every row of the table as JSON text, in no set order. */
export const readRowTexts = async (db: Database, table: string) =>
  (
    await rowsOf<{ r: string }>(
      db,
      sql`select to_jsonb(t)::text as r from ${sql.identifier(table)} t`,
    )
  ).map((row) => row.r);

/** Every row of the table as JSON text, by `orderColumn`, or by the text without one. */
export const readRowTextsInOrder = async (
  db: Database,
  table: string,
  orderColumn: string | null,
) =>
  (
    await rowsOf<{ r: string }>(
      db,
      sql`select to_jsonb(t)::text as r from ${sql.identifier(table)} t
          order by ${orderColumn !== null ? sql`t.${sql.identifier(orderColumn)}` : sql`1`}`,
    )
  ).map((row) => row.r);

/** Every row of the table's id, with the column that names it. */
export const readNamedIds = (db: Database, table: string, column: string) =>
  rowsOf<{ id: string; key: string | null }>(
    db,
    sql`select id::text as id, ${sql.identifier(column)} as key from ${sql.identifier(table)}`,
  );

const CHUNK = 500;

/** Inserts rows given as JSON objects with these columns, a chunk at a time. */
export async function insertJsonRows(
  tx: Database,
  table: string,
  columnNames: readonly string[],
  rows: readonly Record<string, unknown>[],
) {
  const columns = sql.join(
    columnNames.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const target = sql.identifier(table);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.execute(
      sql`insert into ${target} (${columns}) select ${columns}
          from jsonb_populate_recordset(null::${target}, ${JSON.stringify(chunk)}::jsonb)`,
    );
  }
}

/** Sets `columns` of the rows whose `key` columns match, from JSON objects holding both. */
export async function updateJsonRows(
  tx: Database,
  table: string,
  key: readonly string[],
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
) {
  const target = sql.identifier(table);
  await tx.execute(
    sql`update ${target} t set ${sql.join(
      columns.map((c) => sql`${sql.identifier(c)} = x.${sql.identifier(c)}`),
      sql`, `,
    )}
        from jsonb_populate_recordset(null::${target}, ${JSON.stringify(rows)}::jsonb) x
        where ${sql.join(
          key.map((c) => sql`t.${sql.identifier(c)} = x.${sql.identifier(c)}`),
          sql` and `,
        )}`,
  );
}

/** The sequence goes on from `value` at least. */
export async function advanceSequence(tx: Database, name: string, value: number) {
  await tx.execute(
    sql`select setval(${name}::regclass, greatest(${value}::bigint, (select last_value from ${sql.identifier(name)})))`,
  );
}

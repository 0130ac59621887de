import {
  and,
  getTableName,
  gt,
  gte,
  ilike,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { users } from '@bastion/db/schema/users';
import type { Page } from './paging.ts';

/* Query pieces the repositories share: searching, paging and the common filters. */

/** `%`, `_` and `\` are wildcards to LIKE: a search for them means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `search`, in any case; no filter for an empty search. */
export function containsText(
  search: string | undefined,
  ...columns: (Column | SQL)[]
): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Rows whose `column` lies between `from` and `to`, both included; a missing bound is open. */
export const inRange = <Value>(column: Column, from: Value | undefined, to: Value | undefined) =>
  and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

/** Dated rows (a price, a rate) in effect on `day`: started by then and not yet ended. */
export const inEffectOn = (row: { effectiveFrom: Column; effectiveTo: Column }, day: string) =>
  and(lte(row.effectiveFrom, day), or(isNull(row.effectiveTo), gt(row.effectiveTo, day)));

/** A user's full name, or their e-mail address when they have none. */
export const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

/** The first row a query finds; null when it finds none. */
export async function firstOrNull<Row>(rows: PromiseLike<Row[]>): Promise<Row | null> {
  const [row] = await rows;
  return row ?? null;
}

/**
 * A page of `rows` (a dynamic select, already filtered and sorted) and `total`, the number of rows
 * in the whole list, read together.
 */
export async function readPage<Rows extends PgSelect>(
  page: Page,
  rows: Rows,
  total: PromiseLike<number>,
): Promise<{ rows: Awaited<Rows>; total: number }> {
  const [found, count] = await Promise.all([rows.limit(page.limit).offset(page.offset), total]);
  return { rows: found, total: count };
}

/** The `n` of a `select({ n: count() })`; 0 when it returns no row. */
export async function countOf(counted: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await counted;
  return row?.n ?? 0;
}

/** Parameters per statement stay well inside the drivers' limits. */
const CHUNK_SIZE = 1000;

/** `items` in slices of at most CHUNK_SIZE, one statement's worth each. */
export function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE) {
    chunks.push(items.slice(start, start + CHUNK_SIZE));
  }
  return chunks;
}

/**
 * A column of the outer query named with its table, as a subquery must name it: drizzle leaves a
 * single-table select's columns unqualified, which inside the subquery would mean its own.
 */
export const outer = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Rows named `name` in any case, other than the row `exceptId` (null: any row). */
export const namedOtherThan = (
  row: { id: Column; name: Column },
  name: string,
  exceptId: string | null,
) => and(sql`lower(${row.name}) = lower(${name})`, exceptId ? ne(row.id, exceptId) : undefined);

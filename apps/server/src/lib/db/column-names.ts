import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/** A column as the database names it, `table.column`, from its table and property key. */
export function qualifiedColumnName(table: Table, key: string): string {
  const column = (getTableColumns(table) as Record<string, { name: string } | undefined>)[key];
  return `${getTableName(table)}.${column?.name ?? key}`;
}

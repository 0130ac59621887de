import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from '@bastion/db/client';
import {
  advanceSequence,
  insertJsonRows,
  listColumns,
  listForeignKeys,
  listPrimaryKeys,
  listTables,
  readNamedIds,
  readRowTexts,
  readRowTextsInOrder,
  readSequences,
  updateJsonRows,
  type ColumnInfo,
  type ForeignKey,
} from './demo-book-recording.repository.ts';

/*
 * The demo book as rows (decision 035). `npm run demo-book:record` plays the book through the API
 * (play-demo-book.ts) into a fresh database and writes what the play made; a fresh demo database
 * loads those rows, every time moved by the time since the recording and every date by the days
 * since it, in well under a second instead of the play's twenty. A test plays the book again and
 * compares, so the recording stays what the product makes.
 */

/** Beside this file in the sources and beside main.js in the bundle (build.mjs copies it). */
export const DEMO_BOOK_RECORDING_FILE = fileURLToPath(
  new URL('./demo-book.recording.json', import.meta.url),
);

/** A row outside the recording, named by what identifies it in any demo database. */
export interface RecordedRef {
  $ref: [table: string, key: string];
}

export interface RecordedTable {
  name: string;
  /**
   * References set once every table is in: to the same table, or to a table loaded after this
   * one (a quote's contract, and the contract's quote).
   */
  later: string[];
  rows: Record<string, unknown>[];
}

/** A generated document: generated again when the book is loaded, so it shows the quote as loaded. */
export interface RecordedDocument {
  quote_id: string;
  format: 'pdf' | 'docx';
  /** The name it was asked under (its file name without the extension). */
  name: string;
  generated_by: RecordedRef;
  generated_at: string;
}

/** Rows the play changed rather than added (the demo CRM's opportunities it wrote back to). */
export interface RecordedUpdate {
  name: string;
  /** The primary key's columns. */
  key: string[];
  /** Each row's key and the columns the play changed, as it left them. */
  rows: Record<string, unknown>[];
}

export interface DemoBookRecording {
  format: 1;
  /** When the play ended: a load moves every time by its distance from this. */
  recorded_at: string;
  /** Sequences the play advanced (quote and contract numbers), at the values it left them. */
  sequences: Record<string, number>;
  documents: RecordedDocument[];
  /** In the order they are loaded. */
  tables: RecordedTable[];
  /** Applied once every table is in. */
  updates: RecordedUpdate[];
}

/** Rows outside the recording that it may name, by the column that identifies them. */
const NAMED_BY: Readonly<Record<string, string>> = {
  users: 'email',
  approval_groups: 'name',
  approval_rules: 'name',
  workflow_templates: 'name',
  terms_clauses: 'code',
  contracts: 'contract_number',
  // Issue 35: the quotes of the demo's segments and premier partners name their price book.
  price_books: 'name',
};

/** Written by a play but not part of the book: its sign-ins, limits, claim and mail. */
const NOT_RECORDED = new Set(['sessions', 'rate_limit_buckets', 'seed_claims', 'outbound_emails']);
/** Changed by the play's sign-ins, not by its stories. */
const NOT_RECORDED_CHANGES = new Set(['users.last_sign_in_at']);
/** Generated again at load (RecordedDocument), with the history entry that says so. */
const DOCUMENTS_TABLE = 'quote_documents';
const DOCUMENT_EVENT = 'document_generated';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const parseRow = (text: string) => JSON.parse(text) as Record<string, unknown>;

/** Every row of every table, as text: what a play added is what was not here before. */
export interface DatabaseSnapshot {
  rows: Map<string, Set<string>>;
  sequences: Map<string, number>;
}

export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  const rows = new Map<string, Set<string>>();
  for (const table of await listTables(db)) {
    rows.set(table, new Set(await readRowTexts(db, table)));
  }
  return { rows, sequences: await readSequences(db) };
}

/**
 * What the play did to `db` since `before`, as a recording: the rows it added, and the columns
 * it changed in rows that were there. Refuses a play that removed rows, or whose uuid column
 * names a row the recording neither holds nor can name in another database: such a recording
 * would not load as it was played.
 */
export async function recordDemoBook(
  db: Database,
  before: DatabaseSnapshot,
  recordedAt: Date,
): Promise<DemoBookRecording> {
  const columns = await listColumns(db);
  const primaryKeys = await listPrimaryKeys(db);
  // Numbered by the database (a history entry's id), or computed by it: the load's own. The
  // rows keep the order of their numbers, which breaks ties of time (a quote's history).
  const ownColumns = new Set(
    columns
      .filter(
        (c) =>
          c.is_generated === 'ALWAYS' ||
          c.is_identity === 'YES' ||
          c.column_default?.startsWith('nextval('),
      )
      .map((c) => `${c.table_name}.${c.column_name}`),
  );

  const added = new Map<string, Record<string, unknown>[]>();
  const changed: RecordedUpdate[] = [];
  for (const table of await listTables(db)) {
    if (NOT_RECORDED.has(table)) continue;
    const had = before.rows.get(table) ?? new Set<string>();
    const numbered = columns.find(
      (c) =>
        c.table_name === table &&
        (c.is_identity === 'YES' || c.column_default?.startsWith('nextval(')),
    );
    const now = await readRowTextsInOrder(db, table, numbered ? numbered.column_name : null);
    const fresh = now.filter((row) => !had.has(row)).map(parseRow);
    const key = primaryKeys.get(table) ?? [];
    const keyOf = (row: Record<string, unknown>) => JSON.stringify(key.map((c) => row[c]));
    const earlier = new Map<string, Record<string, unknown>>();
    if (key.length > 0 && fresh.length > 0) {
      for (const text of had) {
        const row = parseRow(text);
        earlier.set(keyOf(row), row);
      }
    }
    const updates: Record<string, unknown>[] = [];
    const inserts: Record<string, unknown>[] = [];
    for (const row of fresh) {
      const old = earlier.get(keyOf(row));
      if (!old) {
        inserts.push(row);
        continue;
      }
      const columnsChanged = Object.keys(row).filter(
        (column) =>
          !key.includes(column) &&
          !NOT_RECORDED_CHANGES.has(`${table}.${column}`) &&
          JSON.stringify(row[column]) !== JSON.stringify(old[column]),
      );
      if (columnsChanged.length === 0) continue;
      updates.push(
        Object.fromEntries([...key, ...columnsChanged].map((column) => [column, row[column]])),
      );
    }
    if (now.length - inserts.length !== had.size) {
      throw new Error(`the play removed rows of ${table}, which a recording cannot hold`);
    }
    if (inserts.length > 0) added.set(table, inserts);
    if (updates.length > 0) changed.push({ name: table, key, rows: updates });
  }

  const documentRows = added.get(DOCUMENTS_TABLE) ?? [];
  added.delete(DOCUMENTS_TABLE);
  const history = added.get('quote_history');
  if (history) {
    added.set(
      'quote_history',
      history.filter((row) => row.action !== DOCUMENT_EVENT),
    );
  }

  const names = new Map<string, RecordedRef>();
  for (const [table, column] of Object.entries(NAMED_BY)) {
    const named = await readNamedIds(db, table, column);
    for (const row of named) if (row.key !== null) names.set(row.id, { $ref: [table, row.key] });
  }
  const recordedIds = new Set<string>();
  for (const rows of added.values()) {
    for (const row of rows) if (typeof row.id === 'string') recordedIds.add(row.id);
  }
  const uuidColumns = new Set(
    columns.filter((c) => c.data_type === 'uuid').map((c) => `${c.table_name}.${c.column_name}`),
  );
  // A uuid column names a row: one of the recording's, or one named by NAMED_BY. Elsewhere (a
  // request id, a uuid inside JSON) a uuid of a named row is named too, and any other kept.
  const nameRefs = (value: unknown, where: string): unknown => {
    if (typeof value === 'string') {
      if (!UUID.test(value) || recordedIds.has(value)) return value;
      const ref = names.get(value);
      if (!ref && uuidColumns.has(where)) {
        throw new Error(`${where} holds ${value}, a row the recording cannot name`);
      }
      return ref ?? value;
    }
    if (Array.isArray(value)) return value.map((v) => nameRefs(v, where));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, nameRefs(v, `${where}.${k}`)] as const),
      );
    }
    return value;
  };

  const order = loadOrder([...added.keys()], await listForeignKeys(db), columns);
  const tables = order.map(({ name, later }) => ({
    name,
    later,
    rows: (added.get(name) ?? []).map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => !ownColumns.has(`${name}.${column}`))
          .map(([column, value]) => [column, nameRefs(value, `${name}.${column}`)] as const),
      ),
    ),
  }));

  const documents = documentRows
    .map((row) => {
      const format = row.format === 'docx' ? 'docx' : 'pdf';
      return {
        quote_id: String(row.quote_id),
        format,
        name: String(row.file_name).replace(new RegExp(`\\.${format}$`), ''),
        generated_by: nameRefs(row.generated_by, `${DOCUMENTS_TABLE}.generated_by`) as RecordedRef,
        generated_at: String(row.generated_at),
      } satisfies RecordedDocument;
    })
    .sort((a, b) => a.generated_at.localeCompare(b.generated_at));

  const sequences: Record<string, number> = {};
  // A numbered column's sequence goes with the rows the load inserts.
  const ownSequences = new Set([...ownColumns].map((column) => `${column.replace('.', '_')}_seq`));
  for (const [name, value] of await readSequences(db)) {
    if (value !== (before.sequences.get(name) ?? 0) && !ownSequences.has(name)) {
      sequences[name] = value;
    }
  }

  const updates = changed.map((update) => ({
    ...update,
    rows: update.rows.map((row) => nameRefs(row, update.name) as Record<string, unknown>),
  }));
  return {
    format: 1,
    recorded_at: recordedAt.toISOString(),
    sequences,
    documents,
    tables,
    updates,
  };
}

/**
 * Tables in an order each NOT NULL reference can be inserted in; the other references to a table
 * not already in (or to the same table) are set afterwards.
 */
function loadOrder(
  tables: string[],
  keys: ForeignKey[],
  columns: ColumnInfo[],
): { name: string; later: string[] }[] {
  const recorded = new Set(tables);
  const nullable = new Set(
    columns.filter((c) => c.is_nullable === 'YES').map((c) => `${c.table_name}.${c.column_name}`),
  );
  const inner = keys.filter((k) => recorded.has(k.table_name) && recorded.has(k.ref_table));
  const placed: string[] = [];
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const next = remaining.find((table) =>
      inner.every(
        (k) =>
          k.table_name !== table ||
          k.ref_table === table ||
          nullable.has(`${k.table_name}.${k.column_name}`) ||
          placed.includes(k.ref_table),
      ),
    );
    if (!next) throw new Error(`NOT NULL references go round among ${remaining.join(', ')}`);
    placed.push(next);
    remaining.splice(remaining.indexOf(next), 1);
  }
  return placed.map((name) => ({
    name,
    later: [
      ...new Set(
        inner
          .filter(
            (k) =>
              k.table_name === name &&
              (k.ref_table === name || placed.indexOf(k.ref_table) > placed.indexOf(name)),
          )
          .map((k) => k.column_name),
      ),
    ].sort(),
  }));
}

/**
 * One row per line, to be read. A new play has new ids and times, so a new recording rewrites
 * every line: what changed is what the test that compares it with a play reported.
 */
export function recordingText(recording: DemoBookRecording): string {
  const rows = (items: unknown[]) => items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
  const tables = recording.tables.map(
    (table) =>
      `  {"name": ${JSON.stringify(table.name)}, "later": ${JSON.stringify(table.later)}, "rows": [\n${rows(table.rows)}\n  ]}`,
  );
  const updates = recording.updates.map(
    (update) =>
      `  {"name": ${JSON.stringify(update.name)}, "key": ${JSON.stringify(update.key)}, "rows": [\n${rows(update.rows)}\n  ]}`,
  );
  return [
    '{',
    `"format": ${recording.format},`,
    `"recorded_at": ${JSON.stringify(recording.recorded_at)},`,
    `"sequences": ${JSON.stringify(recording.sequences)},`,
    `"documents": [\n${rows(recording.documents)}\n],`,
    `"tables": [\n${tables.join(',\n')}\n],`,
    `"updates": [\n${updates.join(',\n')}\n]`,
    '}',
    '',
  ].join('\n');
}

export async function writeDemoBookRecording(
  recording: DemoBookRecording,
  file = DEMO_BOOK_RECORDING_FILE,
): Promise<void> {
  await writeFile(file, recordingText(recording));
}

export async function readDemoBookRecording(
  file = DEMO_BOOK_RECORDING_FILE,
): Promise<DemoBookRecording> {
  return JSON.parse(await readFile(file, 'utf8')) as DemoBookRecording;
}

const dayNumber = (time: number) => Math.floor(time / DAY_MS);

/**
 * Inserts the recording's rows into `db` in one transaction, moved to `now`: every time by the
 * time since the recording, every date (columns, and dates inside JSON) by the days since it;
 * rows outside the recording are found by name. Answers how many quotes it loaded.
 */
export async function loadDemoBookRecording(
  db: Database,
  recording: DemoBookRecording,
  now: Date,
): Promise<number> {
  const recordedAt = new Date(recording.recorded_at).getTime();
  const shiftMs = now.getTime() - recordedAt;
  const shiftDays = dayNumber(now.getTime()) - dayNumber(recordedAt);

  const refTables = new Set<string>();
  const findRefs = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(findRefs);
    else if (value !== null && typeof value === 'object') {
      if ('$ref' in value) refTables.add((value as RecordedRef).$ref[0]);
      else Object.values(value).forEach(findRefs);
    }
  };
  findRefs(recording.tables);
  findRefs(recording.documents);
  findRefs(recording.updates);
  const ids = new Map<string, string>();
  for (const table of refTables) {
    const column = NAMED_BY[table];
    if (!column) throw new Error(`the recording names rows of ${table}, which it cannot find`);
    const named = await readNamedIds(db, table, column);
    for (const row of named) ids.set(`${table}\u0000${row.key}`, row.id);
  }

  const moved = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (DATE.test(value)) {
        return new Date(Date.parse(`${value}T00:00:00Z`) + shiftDays * DAY_MS)
          .toISOString()
          .slice(0, 10);
      }
      if (TIMESTAMP.test(value)) return new Date(Date.parse(value) + shiftMs).toISOString();
      return value;
    }
    if (Array.isArray(value)) return value.map(moved);
    if (value !== null && typeof value === 'object') {
      if ('$ref' in value) {
        const [table, key] = (value as RecordedRef).$ref;
        const id = ids.get(`${table}\u0000${key}`);
        if (!id) throw new Error(`the recording names ${table} ${key}, which this database lacks`);
        return id;
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moved(v)] as const));
    }
    return value;
  };

  const tables = recording.tables.map((table) => ({
    ...table,
    rows: table.rows.map((row) => moved(row) as Record<string, unknown>),
  }));
  await db.transaction(async (tx) => {
    for (const table of tables) {
      const first = table.rows[0];
      if (!first) continue;
      const laterNull = Object.fromEntries(table.later.map((c) => [c, null]));
      const rows = table.rows.map((row) => ({ ...row, ...laterNull }));
      await insertJsonRows(tx, table.name, Object.keys(first), rows);
    }
    for (const table of tables) {
      for (const column of table.later) {
        const pairs = table.rows
          .filter((row) => row[column] !== null && row[column] !== undefined)
          .map((row) => ({ id: row.id, [column]: row[column] }));
        if (pairs.length === 0) continue;
        await updateJsonRows(tx, table.name, ['id'], [column], pairs);
      }
    }
    for (const update of recording.updates) {
      // Rows that changed the same columns, in one statement each.
      const bySet = new Map<string, Record<string, unknown>[]>();
      for (const row of update.rows.map((r) => moved(r) as Record<string, unknown>)) {
        const set = Object.keys(row)
          .filter((c) => !update.key.includes(c))
          .sort()
          .join(',');
        if (set) bySet.set(set, [...(bySet.get(set) ?? []), row]);
      }
      for (const [set, rows] of bySet) {
        await updateJsonRows(tx, update.name, update.key, set.split(','), rows);
      }
    }
    for (const [name, value] of Object.entries(recording.sequences)) {
      await advanceSequence(tx, name, value);
    }
  });
  const quoteCount = tables.find((t) => t.name === 'quotes')?.rows.length ?? 0;
  return quoteCount;
}

/** A recorded document's generator and time, moved as the rows are (the load's own clock). */
export function movedDocument(
  recording: DemoBookRecording,
  document: RecordedDocument,
  now: Date,
): { email: string; generatedAt: Date } {
  const shiftMs = now.getTime() - new Date(recording.recorded_at).getTime();
  return {
    email: document.generated_by.$ref[1],
    generatedAt: new Date(Date.parse(document.generated_at) + shiftMs),
  };
}

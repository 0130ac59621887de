import type { Database } from '@bastion/db/client';
import { referenceDataVersion } from '@bastion/db/schema/reference-data';

/*
 * What this instance keeps of the reference data that pricing and terms read on every call
 * (docs/decisions/034-reference-data-cache.md). The database names the data's state with a
 * random version that a trigger renews on every change to those tables; a reader asks it first
 * (one query) and uses what was kept under that version, or reads the tables and keeps that.
 * Reading the version first is what makes it safe: data read after it is at least as new as it,
 * and a change commits a new version with it, so nothing older is ever kept under a newer name.
 */

interface Kept {
  version: string;
  entries: Map<string, unknown>;
}

/** The version last read and what was read under it; a reader of another version drops them. */
let kept: Kept | null = null;

/** The version of the reference data as `db` sees it (inside a transaction, its own changes). */
export async function readReferenceVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ version: referenceDataVersion.version })
    .from(referenceDataVersion);
  // A database without the row (never migrated past it) keeps nothing: every read goes through.
  return row?.version ?? '';
}

/** The reference data at one version, read once per instance under each key. */
export interface ReferenceReader {
  /** `key`'s value at this version: kept, or `load`ed (on this reader's database) and kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Values of one kind by code (for example each SKU's rows): the codes not kept yet are loaded
   * together, and a code `load` leaves out is kept as absent.
   */
  getMany<T>(
    kind: string,
    codes: readonly string[],
    load: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, T>>;
}

/** A reader of the reference data as `db` sees it now. */
export async function referenceReader(db: Database): Promise<ReferenceReader> {
  const version = await readReferenceVersion(db);
  const entries = (): Map<string, unknown> | null => {
    if (version === '') return null;
    if (kept?.version !== version) kept = { version, entries: new Map() };
    return kept.entries;
  };
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const known = entries();
      if (known?.has(key)) return known.get(key) as T;
      // Only what was read in full is kept: two requests missing together both read.
      const value = await load();
      entries()?.set(key, value);
      return value;
    },
    async getMany<T>(
      kind: string,
      codes: readonly string[],
      load: (missing: string[]) => Promise<Map<string, T>>,
    ): Promise<Map<string, T>> {
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const code of new Set(codes)) {
        const key = `${kind}:${code}`;
        const known = entries();
        if (known?.has(key)) {
          const value = known.get(key) as T | undefined;
          if (value !== undefined) found.set(code, value);
        } else missing.push(code);
      }
      if (missing.length === 0) return found;
      const loaded = await load(missing);
      const keep = entries();
      for (const code of missing) {
        const value = loaded.get(code);
        keep?.set(`${kind}:${code}`, value);
        if (value !== undefined) found.set(code, value);
      }
      return found;
    },
  };
}

import type { Database } from '@bastion/db/client';
import {
  invalidField,
  isUniqueViolation,
  notFound,
  requireVersion,
  staleRecord,
} from './approval-admin-errors.ts';

/** How a save reaches the stored record: insert it, find it, update it at a version. */
interface SaveSteps<Current> {
  insert: () => Promise<string>;
  find: (id: string) => Promise<Current | null | undefined>;
  /** Checks of the change against the stored record, after the version check. */
  beforeUpdate?: (current: Current) => Promise<void>;
  update: (id: string, expectedVersion: number) => Promise<boolean>;
}

type VersionedInput = { id?: string | undefined; version?: number | undefined };

/**
 * The step every approval-admin save ends with: a record without an id is inserted; one with an
 * id must still be there (404) at the version the admin opened (409), and is updated only at
 * that version, so a save between the check and the write is refused too.
 */
export async function insertOrUpdateAtVersion<Current extends { version: number }>(
  input: VersionedInput,
  what: string,
  steps: SaveSteps<Current>,
): Promise<string> {
  if (input.id === undefined) return steps.insert();
  const version = requireVersion(input.version, what);
  const current = await steps.find(input.id);
  if (!current) throw notFound(what);
  if (current.version !== version) throw staleRecord(what);
  await steps.beforeUpdate?.(current);
  if (!(await steps.update(input.id, version))) throw staleRecord(what);
  return input.id;
}

/**
 * The save of a record whose name is its own (groups, rules), in one transaction: the checks of
 * what it refers to, then its name (another's: a 400 on the name, also when the unique index is
 * what catches a save at the same moment), then insertOrUpdateAtVersion. Its id.
 */
export async function saveNamedAtVersion<Current extends { version: number }>(
  db: Database,
  input: VersionedInput,
  what: string,
  name: string,
  stepsIn: (tx: Database) => SaveSteps<Current> & {
    checkReferences: () => Promise<void>;
    findNamed: () => Promise<unknown>;
  },
): Promise<string> {
  const nameTaken = () => invalidField('name', `Another ${what} is called "${name}".`);
  try {
    return await db.transaction(async (tx) => {
      const steps = stepsIn(tx);
      await steps.checkReferences();
      if (await steps.findNamed()) throw nameTaken();
      return insertOrUpdateAtVersion(input, what, steps);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

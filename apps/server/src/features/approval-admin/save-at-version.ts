import { notFound, requireVersion, staleRecord } from './approval-admin-errors.ts';

/**
 * The step every approval-admin save ends with: a record without an id is inserted; one with an
 * id must still be there (404) at the version the admin opened (409), and is updated only at
 * that version, so a save between the check and the write is refused too.
 */
export async function insertOrUpdateAtVersion<Current extends { version: number }>(
  input: { id?: string | undefined; version?: number | undefined },
  what: string,
  steps: {
    insert: () => Promise<string>;
    find: (id: string) => Promise<Current | null | undefined>;
    /** Checks of the change against the stored record, after the version check. */
    beforeUpdate?: (current: Current) => Promise<void>;
    update: (id: string, expectedVersion: number) => Promise<boolean>;
  },
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

import type { Database } from '@bastion/db/client';

/**
 * A quote write (core/quotes) owes the CRM its primary quote's lines but knows no CRM adapter. The
 * CRM feature listens here (per database, as tests build many apps in one process) and writes the
 * products once the write is committed; the row in crm_product_writes is the promise, so a
 * listener missing or failing loses nothing: the next change or CRM sync writes them.
 */
type Listener = (opportunityId: string) => Promise<void>;

/** Several apps may share a database (tests): the latest one still open writes. */
const listeners = new WeakMap<Database, Listener[]>();
const running = new WeakMap<Database, Set<Promise<void>>>();

/** Listens until the returned function is called (when the app closes). */
export function whenProductsDue(db: Database, listener: Listener): () => void {
  const list = listeners.get(db) ?? [];
  listeners.set(db, [...list, listener]);
  return () => {
    listeners.set(
      db,
      (listeners.get(db) ?? []).filter((other) => other !== listener),
    );
  };
}

/** After the commit: never fails the write that owed them (the listener logs its own failures). */
export function announceProductsDue(db: Database, opportunityId: string | null): void {
  const listener = listeners.get(db)?.at(-1);
  if (!listener || opportunityId === null) return;
  const inFlight = running.get(db) ?? new Set<Promise<void>>();
  running.set(db, inFlight);
  const write = listener(opportunityId)
    .catch(() => undefined)
    .finally(() => inFlight.delete(write));
  inFlight.add(write);
}

/** Waits for the writes announced so far (tests, and a server closing). */
export async function settleProductWrites(db: Database): Promise<void> {
  const inFlight = running.get(db);
  while (inFlight && inFlight.size > 0) await Promise.all([...inFlight]);
}

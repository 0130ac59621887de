import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import { listenForNotifications, notifyChannel } from '@bastion/db/notifications';

/**
 * What a session cookie resolves to, kept by each server instance for a few seconds so that a
 * request costs no query for it (issue 20). Whatever changes what a session resolves to (sign-out,
 * a role, a disabled user, an impersonation, a second factor, maintenance, the sign-in policy)
 * calls `announceSessionChange`: the instance that made the change forgets its entries before it
 * answers, and every other instance when PostgreSQL delivers the notification, sent when the
 * change commits. An instance that is not listening (its connection dropped) keeps nothing.
 */

export const SESSION_CHANGES_CHANNEL = 'bastion_session_changes';

/** Beyond this many sessions the oldest entries go first: memory stays bounded. */
const MAX_ENTRIES = 10_000;

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; storedAt: number }>();
  /** Raised by every forgetAll, so that a read begun before a change is never kept after it. */
  private generation = 0;
  private isListening = false;

  constructor(private readonly ttlMs: number) {}

  get isEnabled(): boolean {
    return this.ttlMs > 0 && this.isListening;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading from the database; pass the answer to `store`. */
  beginRead(): number {
    return this.generation;
  }

  store(key: string, value: T, readGeneration: number, now = Date.now()): void {
    if (!this.isEnabled || readGeneration !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: now });
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  setListening(isListening: boolean): void {
    this.isListening = isListening;
    this.forgetAll();
  }
}

/** The caches of the instances in this process, by database, for `forgetCachedSessions`. */
const cachesByDatabase = new WeakMap<Database, Set<SessionCache<unknown>>>();

/**
 * Forgets every cached session of the instances in this process over `db`: for changes that do
 * not go through a request (tests writing rows directly, settings read back at once).
 */
export function forgetCachedSessions(db: Database): void {
  for (const cache of cachesByDatabase.get(db) ?? []) cache.forgetAll();
}

/**
 * How many changes this process has announced: a request during which it moved may have made
 * one, and its instance forgets its entries before answering. (Counting beats tracking each
 * request's writes through AsyncLocalStorage, whose hooks on Node 20 slow every promise.)
 */
let announcedChanges = 0;
const announcedAtStart = new WeakMap<FastifyRequest, number>();

/**
 * Tells every instance that what some session resolves to has changed. Inside a transaction the
 * notification is sent when it commits (and not at all if it rolls back); the instance handling
 * the request forgets its own entries before it answers, so the caller's next request sees the
 * change wherever it lands. Call it where the change is written, whatever the caller.
 */
export async function announceSessionChange(db: Database): Promise<void> {
  announcedChanges++;
  await notifyChannel(db, SESSION_CHANGES_CHANNEL);
}

/**
 * The instance's session cache, listening for other instances' changes until the app closes.
 * `ttlMs` 0 turns it off.
 */
export async function registerSessionCache<T>(
  app: FastifyInstance,
  deps: { db: Database; ttlMs: number },
): Promise<SessionCache<T>> {
  const cache = new SessionCache<T>(deps.ttlMs);
  if (deps.ttlMs <= 0) return cache;

  const shared = cache as SessionCache<unknown>;
  const caches = cachesByDatabase.get(deps.db) ?? new Set();
  caches.add(shared);
  cachesByDatabase.set(deps.db, caches);

  // A change announced while a request ran may be its own: forgotten before the caller hears back.
  app.addHook('onRequest', (request, _reply, done) => {
    announcedAtStart.set(request, announcedChanges);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (announcedAtStart.get(request) !== announcedChanges) cache.forgetAll();
    done(null, payload);
  });

  const stopListening = await listenForNotifications(deps.db, SESSION_CHANGES_CHANNEL, {
    onNotification: () => cache.forgetAll(),
    onListening: (isListening) => cache.setListening(isListening),
  });
  app.addHook('onClose', async () => {
    caches.delete(shared);
    cache.setListening(false);
    await stopListening();
  });
  return cache;
}

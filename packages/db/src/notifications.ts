import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * PostgreSQL LISTEN for a server instance: what other instances announce with
 * `pg_notify(channel, payload)` (sent when their transaction commits). On PostgreSQL it holds one
 * connection of its own, outside the pool, and reconnects when it drops; PGlite is one process,
 * so its own listen suffices.
 */

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /**
   * True once listening; false whenever notifications may have been missed (the connection
   * dropped), until listening again.
   */
  onListening(isListening: boolean): void;
}

const RECONNECT_AFTER_MS = 1_000;

/**
 * Announces on `channel` to every listening instance; inside a transaction PostgreSQL sends it
 * when the transaction commits, and not at all if it rolls back.
 */
export async function notifyChannel(db: Database, channel: string, payload = ''): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Starts listening on `channel`; the answer stops it. Never throws: a failure only reconnects. */
export async function listenForNotifications(
  db: Database,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const stop = await client.listen(channel, (payload) => handlers.onNotification(payload));
    handlers.onListening(true);
    return stop;
  }
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, handlers);
  throw new Error('listenForNotifications: the database client is neither PGlite nor a pg pool');
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onListening(false);
    client.end().catch(() => undefined);
    if (!isStopped) {
      retry = setTimeout(() => void connect(), RECONNECT_AFTER_MS);
      retry.unref();
    }
  };

  const connect = async () => {
    // The pool's own settings (URL, credentials, TLS) for a connection of its own.
    const client = new pg.Client(pool.options);
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
    } catch {
      drop(client);
      return;
    }
    if (current === client && !isStopped) handlers.onListening(true);
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

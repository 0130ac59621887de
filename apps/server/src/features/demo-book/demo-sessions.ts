import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { DEMO_BOOK_ACTORS } from '@bastion/db/seed/quote-book-demo-data';
import type { ServerConfig } from '../../config.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { openSession } from '../../core/access/sessions.repository.ts';
import { deleteSessionsByTokenHash, findUsersByEmail } from './demo-book.repository.ts';

/** The demo accounts signed in for a play or a seed, calling the app's API as they would. */

export class DemoBookError extends Error {}

/** A POST as the demo account `actor`; answers the envelope's data, or nothing for a file. */
export type Call = <T>(
  actor: string,
  path: string,
  body: unknown,
  answer?: 'json' | 'file',
) => Promise<T>;

/** The demo accounts' sessions for a seed's calls, and a way to end them all. */
export async function demoSessions(app: FastifyInstance, db: Database, config: ServerConfig) {
  const people = await findUsersByEmail(db, DEMO_BOOK_ACTORS);
  const cookies = new Map<string, string>();
  const tokenHashes: string[] = [];
  for (const person of people) {
    const token = await openSession(db, config, {
      userId: person.id,
      ip: '127.0.0.1',
      userAgent: 'Bastion CPQ demo seed',
      previousTokenHash: null,
    });
    tokenHashes.push(hashOpaqueToken(token));
    cookies.set(person.email, `${config.session.cookieName}=${token}`);
  }

  const call: Call = async <T>(actor: string, path: string, body: unknown, answer = 'json') => {
    const cookie = cookies.get(actor);
    if (!cookie) throw new DemoBookError(`no demo account ${actor}`);
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: body as Record<string, unknown>,
      headers: { cookie },
    });
    if (response.statusCode !== 200) {
      throw new DemoBookError(`${actor} ${path}: ${response.statusCode} ${response.body}`);
    }
    return answer === 'file' ? (undefined as T) : response.json<{ data: T }>().data;
  };

  // A thousand calls would each log their request and the mails they send: only problems show.
  const logLevel = app.log.level;
  if (['trace', 'debug', 'info'].includes(logLevel)) app.log.level = 'warn';
  const end = async () => {
    app.log.level = logLevel;
    await deleteSessionsByTokenHash(db, tokenHashes);
  };
  return { call, end };
}

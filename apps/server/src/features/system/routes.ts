import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import { publicAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { advanceAppClock } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import {
  ZAdvanceClockBody,
  ZAdvanceClockResponse,
  ZHealthResponse,
  ZMeta,
} from '@bastion/domain/system/api';
import { pingDatabase } from './system.repository.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { db: Database; webDistDir: string | null; fallbackVersion: string; testClock?: boolean },
) {
  const { db, webDistDir, fallbackVersion } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: publicAccess },
      schema: {
        response: { 200: ZHealthResponse },
      },
    },
    async () => {
      try {
        await pingDatabase(db);
      } catch (error) {
        throw new AppError('INTERNAL', 'The database is not answering.', { cause: error });
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );

  // The web build writes meta.json; clients compare its version with their own (spec §7).
  r.get(
    '/meta.json',
    { config: { access: publicAccess }, schema: { response: { 200: ZMeta } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (webDistDir) {
        try {
          return ZMeta.parse(
            JSON.parse(await readFile(path.join(webDistDir, 'meta.json'), 'utf8')),
          );
        } catch {
          // No build yet (development) or a hand-edited file: fall back to the server's version.
        }
      }
      return { version: fallbackVersion, built_at: '' };
    },
  );

  // Browser tests of expiring links (TEST_CLOCK=1 only; the route does not exist otherwise).
  if (deps.testClock) {
    r.post(
      '/api/test/clock',
      {
        config: { access: publicAccess },
        schema: {
          body: ZAdvanceClockBody,
          response: { 200: ZAdvanceClockResponse },
        },
      },
      async (request) =>
        ok({ now: advanceAppClock(request.body.advance_seconds * 1000).toISOString() }),
    );
  }
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createUser, signedIn } from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from './access.ts';
import { ok } from './envelope.ts';

let app: FastifyInstance;
let db: Database;

// The guard is shared by every route, so it is tried on routes made for this test.
beforeAll(async () => {
  db = (await testDatabase()).db;
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    db,
    version: 'test',
    logger: false,
  });
  app.get('/api/test/undeclared', async (request) => ok({ email: currentUser(request).email }));
  app.get(
    '/api/test/deal-desk-only',
    { config: { access: requirePermission('is_deal_desk_user', (f) => f.is_deal_desk_user) } },
    async () => ok({ secret: 'margin' }),
  );
  await app.ready();
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the access guard', () => {
  it('requires a session on a route that declares nothing (deny by default)', async () => {
    const anonymous = await get('/api/test/undeclared');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: 403, error: 'SESSION_REQUIRED' });

    const user = await createUser(db);
    const signedInAnswer = await get('/api/test/undeclared', await signedIn(app, user));
    expect(signedInAnswer.json()).toEqual({ code: 200, data: { email: user.email } });
  });

  it('refuses a signed-in user who lacks the permission with FORBIDDEN, not session expiry', async () => {
    const seller = await createUser(db, { roles: [{ role: 'SALES_USER' }] });
    const refused = await get('/api/test/deal-desk-only', await signedIn(app, seller));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 403,
      error: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
    expect(refused.json()).not.toHaveProperty('data');

    const desk = await createUser(db, { roles: [{ role: 'DEAL_DESK' }] });
    const allowed = await get('/api/test/deal-desk-only', await signedIn(app, desk));
    expect(allowed.json()).toEqual({ code: 200, data: { secret: 'margin' } });
  });

  it('asks for a session before it checks the permission', async () => {
    const response = await get('/api/test/deal-desk-only');
    expect(response.json()).toMatchObject({ code: 403, error: 'SESSION_REQUIRED' });
  });
});

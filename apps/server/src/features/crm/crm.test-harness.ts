import type { FastifyInstance } from 'fastify';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { createEmbeddedAdapter } from '../../integrations/crm/embedded-adapter.repository.ts';
import type { TestContext } from '../../test/test-app.ts';

/*
 * What the CRM tests share: calls to the file's app (or to another app a test builds over the
 * same database, with an adapter of its own), and such adapters.
 */
export function crmCalls(ctx: Pick<TestContext, 'app' | 'db'>) {
  const get = (url: string, cookie: string, app: FastifyInstance = ctx.app) =>
    app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie: string, app: FastifyInstance = ctx.app) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

  /** An adapter that behaves like the embedded one except where a test says otherwise. */
  const fakeAdapter = (overrides: Partial<CrmAdapter>): CrmAdapter => ({
    ...createEmbeddedAdapter(ctx.db),
    ...overrides,
  });

  return { get, post, fakeAdapter };
}

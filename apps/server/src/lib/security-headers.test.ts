import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAppOver, createTestApp, createUser, signedIn } from '../test/test-app.ts';
import { useTestApp } from '../test/test-bed.ts';
import { testDatabase } from '../test/test-database.ts';
import { publicAccess } from './access.ts';

const HTML = { accept: 'text/html' };

/** A stand-in for the Vite build: an index page and one hashed asset. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bastion-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Bastion CPQ</title><div id="root"></div>' +
      '<script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log("app");\n');
  return dist;
}

/** The policy as directive → sources, so a test reads what a browser enforces. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'content-security-policy header').toBeTypeOf('string');
  const directives = String(header)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...sources]): [string, string[]] => [name ?? '', sources]);
  return Object.fromEntries(directives);
}

function expectHardened(response: LightMyRequestResponse) {
  expect(policyOf(response)).toEqual({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
  expect(response.headers['x-request-id']).toBeTypeOf('string');
}

const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild() });

describe('security headers', () => {
  it('harden an API answer, which no one may cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectHardened(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keep an authenticated answer out of every cache', async () => {
    const cookie = await signedIn(ctx.app, await createUser(ctx.db));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expectHardened(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('harden error answers too, and keep them uncached', async () => {
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/security/introspect' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toMatchObject({ code: refused.statusCode });
    expectHardened(refused);
    expect(refused.headers['cache-control']).toBe('no-store');

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/no-such-call?x=1' });
    expect(unknown.statusCode).toBe(404);
    expectHardened(unknown);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('harden the single-page app, which is revalidated on every load', async () => {
    for (const url of ['/', '/cpq/grid/quotes/ref']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: HTML });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Bastion CPQ</title>');
      expectHardened(page);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('let browsers keep hashed assets for a year', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never send HSTS over plain http', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    const spoofed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS when a trusted proxy says the client came over TLS', async () => {
    const { app } = await createTestApp({ TRUST_PROXY: '1', WEB_DIST_DIR: fakeWebBuild() });
    for (const url of ['/api/health', '/', '/assets/app-abc123.js']) {
      const overTls = await app.inject({
        method: 'GET',
        url,
        headers: { ...HTML, 'x-forwarded-proto': 'https' },
      });
      expect(overTls.statusCode, url).toBe(200);
      expect(overTls.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    const plain = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it("leave a route's own caching alone", async () => {
    const { db } = await testDatabase();
    const app = await createAppOver(db, {
      routes: (plain) =>
        plain.get('/api/test/cacheable', { config: { access: publicAccess } }, (_request, reply) =>
          reply.header('cache-control', 'private, max-age=60').send({ code: 200, data: null }),
        ),
    });
    const response = await app.inject({ method: 'GET', url: '/api/test/cacheable' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
  });
});

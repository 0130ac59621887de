import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

describe('system routes', () => {
  it('reports health without a session', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ code: 200, data: { status: 'ok', database: 'ok' } });
  });

  it('serves meta.json from the web build, uncached', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bastion-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Bastion CPQ</title><div id="root"></div>',
    );
    writeFileSync(
      path.join(dist, 'meta.json'),
      JSON.stringify({ version: '1.2.3+abc', built_at: '2026-11-22T10:00:00Z' }),
    );
    const { app } = await createTestApp({ WEB_DIST_DIR: dist });
    const meta = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(meta.json()).toEqual({ version: '1.2.3+abc', built_at: '2026-11-22T10:00:00Z' });
    expect(meta.headers['cache-control']).toBe('no-store');

    // Client-side routes get the app; unknown API paths do not.
    const page = await app.inject({
      method: 'GET',
      url: '/cpq/grid/quotes/ref',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Bastion CPQ</title>');
    const api = await app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
  });

  it('falls back to the server version without a web build', async () => {
    const { app } = await createTestApp();
    const meta = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(meta.json()).toEqual({ version: 'test', built_at: '' });
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAppOver, createTestApp, createUser, signedIn } from '../test/test-app.ts';
import { useTestApp } from '../test/test-bed.ts';
import { publicAccess } from './access.ts';
import { sendFile } from './file-answers.ts';

// Big enough to be worth compressing, as the build's precompression plugin sees it.
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX_HTML =
  '<!doctype html><title>Bastion CPQ</title><div id="root"></div>' +
  '<script type="module" src="/assets/app-abc123.js"></script>';

/** A stand-in for the Vite build: index page, a hashed script with its .br and .gz, its map. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bastion-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  const script = path.join(dist, 'assets/app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${script}.map`, '{"version":3,"sources":["app.ts"],"mappings":""}');
  return dist;
}

const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild() });

const getAsset = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the web build, precompressed at build time', () => {
  it('sends the brotli file to a client accepting br, saying so and varying on it', async () => {
    const response = await getAsset('/assets/app-abc123.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client accepting only gzip', async () => {
    const response = await getAsset('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client accepting no encoding', async () => {
    const response = await getAsset('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for ever, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await getAsset('/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated on every visit, at / and as the client-side routes', async () => {
    for (const url of ['/', '/login', '/cpq/grid/quotes/ref']) {
      const response = await getAsset(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers 404, not the app page, for a missing build file', async () => {
    const response = await getAsset('/assets/gone-123.js', { accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('does not serve source maps by default', async () => {
    const response = await getAsset('/assets/app-abc123.js.map', { accept: '*/*' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('mappings');
  });

  it('serves source maps when SERVE_SOURCE_MAPS is on', async () => {
    const { app } = await createTestApp({
      WEB_DIST_DIR: fakeWebBuild(),
      SERVE_SOURCE_MAPS: 'true',
    });
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: 3 });
    await app.close();
  });
});

describe('API answers, compressed on the fly', () => {
  const introspect = (cookie: string, encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses an answer over 1 KB with brotli or gzip as asked, envelope unchanged', async () => {
    const cookie = await signedIn(
      ctx.app,
      await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] }),
    );
    const plain = await introspect(cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const envelope = plain.json<{ code: number; data: unknown }>();
    expect(envelope).toMatchObject({ code: 200 });

    const brotli = await introspect(cookie, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(envelope);

    const gzip = await introspect(cookie, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(envelope);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('file downloads', () => {
  // Compressible-looking bytes, so only the content type can explain an answer sent as it is.
  const bytes = Buffer.from('%PDF-1.7 '.repeat(1000));

  it('sends PDFs, Word documents and unknown binaries as they are, CSV compressed', async () => {
    const app = await createAppOver(ctx.db, {
      routes: (routes) => {
        for (const [name, contentType] of [
          ['quote.pdf', 'application/pdf'],
          ['quote.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
          ['blob.bin', 'application/octet-stream'],
          ['report.csv', 'text/csv; charset=utf-8'],
        ] as const) {
          routes.get(`/test-files/${name}`, { config: { access: publicAccess } }, (_req, reply) =>
            sendFile(reply, { bytes, fileName: name, contentType }),
          );
        }
      },
    });
    for (const name of ['quote.pdf', 'quote.docx', 'blob.bin']) {
      const response = await app.inject({
        method: 'GET',
        url: `/test-files/${name}`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-encoding'], name).toBeUndefined();
      expect(response.headers['content-length'], name).toBe(String(bytes.length));
      expect(response.rawPayload.equals(bytes), name).toBe(true);
    }
    const csv = await app.inject({
      method: 'GET',
      url: '/test-files/report.csv',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers['content-disposition']).toContain('report.csv');
    expect(gunzipSync(csv.rawPayload).equals(bytes)).toBe(true);
    await app.close();
  });
});

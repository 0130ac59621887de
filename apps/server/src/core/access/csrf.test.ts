import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ ALLOWED_ORIGINS: 'https://cpq.example.com' });
  cookie = await signedIn(ctx.app, await createUser(ctx.db));
});

const resetReload = (headers: Record<string, string>, payload?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dx/reset-user-reload',
    headers: { cookie, host: 'localhost:8000', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

describe('cross-site request forgery defence', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }],
    [
      'a foreign Referer',
      { referer: 'https://evil.example/page', 'content-type': 'application/json' },
    ],
    ['an opaque Origin', { origin: 'null', 'content-type': 'application/json' }],
    ['a look-alike port', { origin: 'http://localhost:9000', 'content-type': 'application/json' }],
  ])('refuses a state-changing call with %s', async (_label, headers) => {
    const response = await resetReload(headers, '{}');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, error: 'CSRF_REJECTED' });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'a=1'],
    ['text/plain', '{"a":1}'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body, which a cross-site form can send', async (contentType, body) => {
    const response = await resetReload({ 'content-type': contentType }, body);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each([
    [
      'our own Origin',
      { origin: 'http://localhost:8000', 'content-type': 'application/json' },
      '{}',
    ],
    [
      'a configured Origin',
      { origin: 'https://cpq.example.com', 'content-type': 'application/json' },
      '{}',
    ],
    [
      'our own Referer',
      { referer: 'http://localhost:8000/cpq/grid/quotes/ref', 'content-type': 'application/json' },
      '{}',
    ],
    ['no Origin (non-browser client) and JSON', { 'content-type': 'application/json' }, '{}'],
    [
      'an empty JSON body',
      { origin: 'http://localhost:8000', 'content-type': 'application/json' },
      '',
    ],
    ['no body at all', { origin: 'http://localhost:8000' }, undefined],
  ])('lets through %s', async (_label, headers, body) => {
    const response = await resetReload(headers, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, data: { reload_required: false } });
  });

  it('applies to sign-in too', async () => {
    const user = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/security/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:8000' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === 'bastion_session')).toBeUndefined();
  });

  it('leaves safe methods alone', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

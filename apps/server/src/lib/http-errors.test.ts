import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '@bastion/db/schema/sessions';
import { randomIp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-bed.ts';

const ctx = useTestApp();

const postLogin = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/security/auth/login',
    headers: { 'content-type': contentType },
    remoteAddress: randomIp(),
    payload,
  });

describe('bad input', () => {
  it.each([
    ['malformed JSON', '{"email": "a@b.c", "password": ', 'The request body is not valid JSON.'],
    ['a missing password', '{"email": "a@b.c"}', 'Invalid request. password: Enter your password.'],
    [
      'a mistyped e-mail',
      '{"email": 42, "password": "x"}',
      'Invalid request. email: Enter your email address.',
    ],
    ['an empty body', '', 'Invalid request. Send the request body as a JSON object.'],
    ['an array body', '[]', 'Invalid request. Send the request body as a JSON object.'],
  ])('answers %s with 400 and a clear message', async (_label, payload, message) => {
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 400, message });
    expect(body).not.toHaveProperty('data');
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('lists each invalid field', async () => {
    const response = await postLogin('{}');
    expect(response.json().errors).toEqual([
      { path: 'email', message: 'Enter your email address.' },
      { path: 'password', message: 'Enter your password.' },
    ]);
  });

  it('answers an oversized body with 400 and records nothing', async () => {
    const email = `big-${Date.now()}@example.com`;
    const response = await postLogin(JSON.stringify({ email, password: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
    expect(
      await ctx.db.select().from(loginFailures).where(eq(loginFailures.email, email)),
    ).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/dx/no-such-call'],
    ['GET', '/api/security/introspect/extra'],
  ])('answers unknown API path %s %s with a 404 envelope', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET' | 'POST', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });
});

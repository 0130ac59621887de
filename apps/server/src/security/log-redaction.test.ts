import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboundEmails } from '@bastion/db/schema/mail';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loggerOptions } from '../lib/logging.ts';
import { createUser, randomIp, sessionCookieFrom } from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';

/*
 * The server's own logger settings, at the most talkative level, through sign-in, a signed-in
 * call, a refused call and a password reset: no password, session token or e-mailed token may
 * appear in any log line (ASVS V7.1.1).
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

const embedded = loadConfig({
  LOG_LEVEL: 'trace',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
  RATE_LIMIT_API_PER_MINUTE: '0',
});
// As deployed: only the embedded demo without a mail server prints e-mails, links included, so
// that they can be followed (decision 003); with PostgreSQL or SMTP configured nothing is printed.
const config = { ...embedded, mail: { ...embedded.mail, logBodies: false } };
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const { db } = await testDatabase();
  app = await buildApp({
    config,
    db,
    version: 'test',
    logger: { ...loggerOptions(config), stream: sink },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the log', () => {
  it('prints e-mails only in the embedded demo without a mail server', () => {
    expect(embedded.mail.logBodies).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/bastion' }).mail.logBodies).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).mail.logBodies).toBe(false);
  });

  it('never holds a password, a session token or an e-mailed token', async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const ip = randomIp();
    const wrong = 'Wrong-password-9981';
    await app.inject({
      method: 'POST',
      url: '/api/security/auth/login',
      payload: { email: user.email, password: wrong },
      remoteAddress: ip,
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/security/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: ip,
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookieFrom(signedIn);
    const token = cookie.split('=')[1]!;
    await app.inject({ method: 'GET', url: '/api/security/introspect', headers: { cookie } });
    await app.inject({
      method: 'POST',
      url: '/api/admin/outbox',
      headers: { cookie, authorization: `Bearer ${token}` },
      payload: {},
    });
    await app.inject({
      method: 'POST',
      url: '/api/security/forgot_password',
      payload: { email: user.email },
      remoteAddress: ip,
    });
    const [mail] = await db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, user.email));
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(resetToken, 'the reset e-mail holds a link').toBeDefined();

    // Following the e-mailed links: the pages' URLs carry the tokens (issue 37's approval link in
    // its path), and the request log must not.
    const approvalToken = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_aBcDe';
    await app.inject({
      method: 'GET',
      url: `/cpq/approval-link/${approvalToken}?decision=approve`,
    });
    await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });

    const log = lines.join('');
    expect(log).toContain('/api/security/introspect');
    expect(log).toContain('/cpq/approval-link/…?decision=approve');
    for (const secret of [user.password, wrong, token, resetToken!, approvalToken]) {
      expect(log.includes(secret), `a secret in the log: ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on the embedded database with demo data when nothing is set', () => {
    const config = loadConfig({});
    expect(config.database.engine).toBe('pglite');
    expect(config.seedDemo).toBe(true);
    expect(config.port).toBe(8000);
  });

  it('builds e-mail links from PUBLIC_URL, without a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8000');
    expect(loadConfig({ PUBLIC_URL: 'https://cpq.example.com/' }).publicUrl).toBe(
      'https://cpq.example.com',
    );
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', SEED_DEMO: '' });
    expect(config.database.engine).toBe('pglite');
    expect(config.port).toBe(8000);
  });

  it('uses PostgreSQL from DATABASE_URL, without demo data unless asked', () => {
    const url = 'postgres://app@db.internal:5432/cpq';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      database: { engine: 'postgres', url },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('opens 20 PostgreSQL connections per instance unless told otherwise', () => {
    const url = 'postgres://app@db.internal:5432/cpq';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ maxConnections: 20 });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '8' }).database).toMatchObject({
      maxConnections: 8,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
  });

  it('throttles sign-in and requests by default, and a request limit of 0 turns it off', () => {
    expect(loadConfig({})).toMatchObject({
      login: {
        maxFailuresPerAccount: 5,
        maxFailuresPerIp: 50,
        windowMinutes: 15,
        maxFailuresAccountWide: 50,
        accountWideWindowMinutes: 60,
      },
      rateLimit: { authPerMinute: 60, apiPerMinute: 1200 },
    });
    expect(
      loadConfig({ RATE_LIMIT_AUTH_PER_MINUTE: '0', RATE_LIMIT_API_PER_MINUTE: '0' }).rateLimit,
    ).toEqual({ authPerMinute: 0, apiPerMinute: 0 });
  });

  it('retries webhooks from 30 s to https:// addresses only, unless told otherwise', () => {
    expect(loadConfig({}).webhooks).toEqual({ retryBaseMs: 30_000, allowHttp: false });
    expect(
      loadConfig({ WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_ALLOW_HTTP: '1' }).webhooks,
    ).toEqual({ retryBaseMs: 1_000, allowHttp: true });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: DATABASE_URL must start with postgres://'],
    [{ PORT: 'eighty' }, 'PORT:'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO:'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES:'],
    [{ PUBLIC_URL: 'cpq.example.com' }, 'PUBLIC_URL: PUBLIC_URL must be an http(s) URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: SMTP_URL must start with smtp://'],
    [{ RATE_LIMIT_API_PER_MINUTE: '-1' }, 'RATE_LIMIT_API_PER_MINUTE:'],
    [{ LOGIN_MAX_FAILURES_ACCOUNT_WIDE: '0' }, 'LOGIN_MAX_FAILURES_ACCOUNT_WIDE:'],
    [
      { WEBHOOK_RETRY_BASE_SECONDS: '0' },
      'WEBHOOK_RETRY_BASE_SECONDS: WEBHOOK_RETRY_BASE_SECONDS is a whole number of seconds, 1 to 3600',
    ],
    [{ WEBHOOK_ALLOW_HTTP: 'sure' }, 'WEBHOOK_ALLOW_HTTP:'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

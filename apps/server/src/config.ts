import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from '@bastion/db/client';

const zFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const zList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
);

const zPositiveInt = z.coerce.number().int().positive();

const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: zFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Serve the web build's *.map files; off, so the shipped source stays unpublished (issue 20). */
  SERVE_SOURCE_MAPS: zFlag.default(false),
  MIGRATIONS_DIR: z.string().optional(),
  SESSION_IDLE_MINUTES: zPositiveInt.default(120),
  SESSION_ABSOLUTE_HOURS: zPositiveInt.default(12),
  /** How long an instance keeps what a session resolves to (issue 20); 0 reads it every time. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  ALLOWED_ORIGINS: zList.default([]),
  TRUST_PROXY: zFlag.default(false),
  INTERNAL_TEST_DOMAINS: zList.default(['bastion.test']),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: zPositiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_IP: zPositiveInt.default(50),
  LOGIN_WINDOW_MINUTES: zPositiveInt.default(15),
  // ASVS V2.2.1: no more than 100 failed attempts per hour on one account, whatever the address.
  LOGIN_MAX_FAILURES_ACCOUNT_WIDE: zPositiveInt.default(50),
  LOGIN_ACCOUNT_WIDE_WINDOW_MINUTES: zPositiveInt.default(60),
  // 0 turns a limit off.
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bastion CPQ <no-reply@localhost>'),
  PASSWORD_RESET_MINUTES: zPositiveInt.default(60),
  CRM_ADAPTER: z.enum(['embedded', 'salesforce']).default('embedded'),
  SALESFORCE_LOGIN_URL: z.url({ protocol: /^https?$/ }).default('https://login.salesforce.com'),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  SALESFORCE_USERNAME: z.string().optional(),
  /** PEM private key for the JWT bearer flow (an alternative to the client secret). */
  SALESFORCE_JWT_PRIVATE_KEY: z.string().optional(),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^\d+\.\d$/, 'SALESFORCE_API_VERSION looks like 62.0')
    .default('62.0'),
  /** 32 bytes, base64: encrypts stored second-factor secrets. Default: a key file in DATA_DIR. */
  SECRETS_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Browser tests: POST /api/test/clock moves the app's clock forward. Never in production. */
  TEST_CLOCK: zFlag.default(false),
  /**
   * How often signed-in clients poll the session flags, broadcasts and settings (issue 19). The
   * browser tests shorten it; a minute keeps a large sales force's polling cheap.
   */
  CLIENT_POLL_SECONDS: z.coerce
    .number({ error: 'CLIENT_POLL_SECONDS is a whole number of seconds, 1 to 3600' })
    .int('CLIENT_POLL_SECONDS is a whole number of seconds, 1 to 3600')
    .min(1, 'CLIENT_POLL_SECONDS is a whole number of seconds, 1 to 3600')
    .max(3600, 'CLIENT_POLL_SECONDS is a whole number of seconds, 1 to 3600')
    .default(60),
  /** The first retry of a failed webhook delivery waits this long, doubling since (issue 21). */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'WEBHOOK_RETRY_BASE_SECONDS is a whole number of seconds, 1 to 3600' })
    .int('WEBHOOK_RETRY_BASE_SECONDS is a whole number of seconds, 1 to 3600')
    .min(1, 'WEBHOOK_RETRY_BASE_SECONDS is a whole number of seconds, 1 to 3600')
    .max(3600, 'WEBHOOK_RETRY_BASE_SECONDS is a whole number of seconds, 1 to 3600')
    .default(30),
  /** Webhooks to http:// and local addresses: tests and development only. */
  WEBHOOK_ALLOW_HTTP: zFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  seedDemo: boolean;
  webDistDir: string | null;
  /** Whether the web build's source maps are served; otherwise they answer 404. */
  serveSourceMaps: boolean;
  migrationsFolder: string | undefined;
  session: {
    cookieName: string;
    idleMinutes: number;
    absoluteHours: number;
    /** Changes reach every instance by notification; this bounds a missed one (issue 20). */
    cacheSeconds: number;
    cookieSecure: 'auto' | boolean;
  };
  allowedOrigins: readonly string[];
  trustProxy: boolean;
  internalTestDomains: readonly string[];
  /** Sign-in throttling (decision 016). */
  login: {
    /** Per (account, client address) pair within `windowMinutes`. */
    maxFailuresPerAccount: number;
    /** Per client address, across accounts, within `windowMinutes`. */
    maxFailuresPerIp: number;
    windowMinutes: number;
    /** Per account from all addresses within `accountWideWindowMinutes`; then an e-mailed link. */
    maxFailuresAccountWide: number;
    accountWideWindowMinutes: number;
  };
  /** Requests per minute per caller (0: no limit); counted in the database. */
  rateLimit: { authPerMinute: number; apiPerMinute: number };
  /** Where users reach the app; links in e-mails start with it, never with a request's Host. */
  publicUrl: string;
  mail: {
    smtpUrl: string | null;
    from: string;
    /** Without a mail server, the embedded demo logs messages so their links can be followed. */
    logBodies: boolean;
  };
  passwordResetMinutes: number;
  crm:
    | { adapter: 'embedded' }
    | {
        adapter: 'salesforce';
        loginUrl: string;
        clientId: string;
        /** Client-credentials flow… */
        clientSecret: string | null;
        /** …or the JWT bearer flow for this user with this key. */
        username: string | null;
        jwtPrivateKey: string | null;
        apiVersion: string;
      };
  /**
   * The key that encrypts second-factor secrets at rest: given, or read from (and on first
   * start written to) a file in the data directory. Several instances must share one key.
   */
  secretsKey: { key: Buffer } | { file: string };
  /** Google sign-in (OpenID Connect); null hides the button and refuses the route. */
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  logLevel: z.infer<typeof zEnv>['LOG_LEVEL'];
  /** Lets browser tests move the app's clock (lib/clock.ts). */
  testClock: boolean;
  /** Sent to clients in the session answer as poll_interval_ms. */
  clientPollMs: number;
  /** Webhook deliveries (issue 21). */
  webhooks: {
    /** The wait before the first retry; doubled after each failure, at most an hour. */
    retryBaseMs: number;
    /** Endpoints may be http:// and local addresses (tests, development). */
    allowHttp: boolean;
  };
}

export class ConfigError extends Error {}

export interface ConfigDefaults {
  webDistDir: string | null;
  migrationsFolder: string | undefined;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  defaults: ConfigDefaults = { webDistDir: null, migrationsFolder: undefined },
): ServerConfig {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most deployment tools.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = zEnv.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database: DatabaseConfig = e.DATABASE_URL
    ? { engine: 'postgres', url: e.DATABASE_URL, maxConnections: e.DATABASE_POOL_SIZE }
    : { engine: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    // The embedded database is for trying the product, so it comes with demo accounts.
    seedDemo: e.SEED_DEMO ?? database.engine === 'pglite',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaults.webDistDir,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    migrationsFolder: e.MIGRATIONS_DIR ? path.resolve(e.MIGRATIONS_DIR) : defaults.migrationsFolder,
    session: {
      cookieName: 'bastion_session',
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
      cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    },
    allowedOrigins: e.ALLOWED_ORIGINS.map((o) => o.replace(/\/+$/, '')),
    trustProxy: e.TRUST_PROXY,
    internalTestDomains: e.INTERNAL_TEST_DOMAINS.map((d) => d.toLowerCase()),
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      maxFailuresAccountWide: e.LOGIN_MAX_FAILURES_ACCOUNT_WIDE,
      accountWideWindowMinutes: e.LOGIN_ACCOUNT_WIDE_WINDOW_MINUTES,
    },
    rateLimit: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      logBodies: !e.SMTP_URL && database.engine === 'pglite',
    },
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    crm: crmConfigOf(e),
    secretsKey: e.SECRETS_KEY
      ? { key: Buffer.from(e.SECRETS_KEY, 'base64') }
      : { file: path.join(path.resolve(e.DATA_DIR), 'secrets.key') },
    google: googleConfigOf(e),
    logLevel: e.LOG_LEVEL,
    testClock: e.TEST_CLOCK,
    clientPollMs: e.CLIENT_POLL_SECONDS * 1000,
    webhooks: {
      retryBaseMs: e.WEBHOOK_RETRY_BASE_SECONDS * 1000,
      allowHttp: e.WEBHOOK_ALLOW_HTTP,
    },
  };
}

function googleConfigOf(e: z.infer<typeof zEnv>): ServerConfig['google'] {
  if (!e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) return null;
  if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  }
  return {
    issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: e.GOOGLE_CLIENT_SECRET,
  };
}

function crmConfigOf(e: z.infer<typeof zEnv>): ServerConfig['crm'] {
  if (e.CRM_ADAPTER === 'embedded') return { adapter: 'embedded' };
  const missing = [
    e.SALESFORCE_CLIENT_ID ? null : 'SALESFORCE_CLIENT_ID',
    e.SALESFORCE_CLIENT_SECRET || (e.SALESFORCE_USERNAME && e.SALESFORCE_JWT_PRIVATE_KEY)
      ? null
      : 'SALESFORCE_CLIENT_SECRET (or SALESFORCE_USERNAME and SALESFORCE_JWT_PRIVATE_KEY)',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0 || !e.SALESFORCE_CLIENT_ID) {
    throw new ConfigError(
      `Invalid configuration:\n  CRM_ADAPTER=salesforce needs ${missing.join(' and ')}`,
    );
  }
  return {
    adapter: 'salesforce',
    loginUrl: e.SALESFORCE_LOGIN_URL.replace(/\/+$/, ''),
    clientId: e.SALESFORCE_CLIENT_ID,
    clientSecret: e.SALESFORCE_CLIENT_SECRET ?? null,
    username: e.SALESFORCE_USERNAME ?? null,
    jwtPrivateKey: e.SALESFORCE_JWT_PRIVATE_KEY ?? null,
    apiVersion: e.SALESFORCE_API_VERSION,
  };
}

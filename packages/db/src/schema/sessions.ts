import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { belongsToUser } from './users.ts';

/** Server-side sessions, so several server instances share them. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not yield usable cookies. */
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToUser('user_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-in attempts, counted over sliding windows per (account, address) pair, per address
 * and per account (decision 016). `email` is what was typed, so an unknown address is counted
 * like a real one; `ip` is the client's network (an IPv6 address is cut to its /64).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.occurredAt),
    index('login_failures_ip_idx').on(t.ip, t.occurredAt),
  ],
);

/** A single-use link e-mailed to a user; like sessions, only a hash of its token is stored. */
const singleUseTokenColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: belongsToUser('user_id'),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** Single-use password-reset links. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  { ...singleUseTokenColumns(), ip: text('ip').notNull().default('') },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Single-use links e-mailed to the owner of an account that too many addresses have failed to
 * sign in to: with the password, the link gets past that account-wide pause once (decision 016).
 */
export const loginUnlockTokens = pgTable('login_unlock_tokens', singleUseTokenColumns(), (t) => [
  index('login_unlock_tokens_user_idx').on(t.userId, t.expiresAt),
]);

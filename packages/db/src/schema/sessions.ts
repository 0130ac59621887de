import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { belongsToUser, users } from './users.ts';

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
    /**
     * While an administrator acts as another user (decision 021), the session's user_id is the
     * user acted as and this is the administrator; null otherwise.
     */
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** When the impersonation began; it ends by itself 60 minutes later. */
    impersonationStartedAt: timestamptz('impersonation_started_at'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_impersonator_idx').on(t.impersonatorUserId),
  ],
);

/**
 * A user's TOTP second factor (RFC 6238, decision 021). Secrets are stored encrypted with the
 * configured key (AES-256-GCM), never in the clear. `pending_secret` is the one shown by gen-qr
 * until a valid code activates it; `last_used_step` is the time step of the last code accepted,
 * so that no code is accepted twice.
 */
export const userMfa = pgTable('user_mfa', {
  userId: belongsToUser('user_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: timestamptz('pending_created_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  enabledAt: timestamptz('enabled_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Single-use recovery codes, shown once when MFA is turned on; only their hashes are kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: belongsToUser('user_id'),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A Google sign-in on its way through the provider: the state's hash, and the nonce, PKCE
 * verifier and return path the callback needs. Single use and short-lived; kept in the database
 * so that any server instance can take the callback.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnPath: text('return_path').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
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

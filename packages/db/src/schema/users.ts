import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case so that look-ups need no function index. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id PHC string; null for users who sign in with Google only. */
    passwordHash: text('password_hash'),
    idProvider: text('id_provider', { enum: ['Local', 'Google'] })
      .notNull()
      .default('Local'),
    isApprover: boolean('is_approver').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Set when an admin changes what the user may see; the client polls it and reloads. */
    reloadRequired: boolean('reload_required').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const delegations = pgTable(
  'delegations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    delegatorUserId: uuid('delegator_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delegateUserId: uuid('delegate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delegations_delegate_idx').on(t.delegateUserId, t.endsAt),
    index('delegations_delegator_idx').on(t.delegatorUserId, t.endsAt),
    check('delegations_not_self', sql`${t.delegatorUserId} <> ${t.delegateUserId}`),
    check('delegations_window', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * A user's role entries. Rows with a delegation_id are the roles lent by that delegation
 * (is_deligated_role, spelt as the existing client spells it); they count only while the
 * delegation's window is open and disappear with it.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    assignment: text('assignment', { enum: ['REGION', 'ACCOUNT'] }),
    assignmentValue: text('assignment_value')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDeligatedRole: boolean('is_deligated_role').notNull().default(false),
    delegationId: uuid('delegation_id').references(() => delegations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_roles_user_idx').on(t.userId),
    check(
      'user_roles_delegation_flag',
      sql`(${t.delegationId} is null) = (not ${t.isDeligatedRole})`,
    ),
  ],
);

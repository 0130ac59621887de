import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId, uuidRef } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuidId(),
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
    /**
     * A program's account (issue 21): it never signs in with a password or Google, only with
     * API tokens, and is attributed in history like anyone else.
     */
    isServiceAccount: boolean('is_service_account').notNull().default(false),
    /** The last successful sign-in, for the users grid's filter and column. */
    lastSignInAt: timestamptz('last_sign_in_at'),
    /** Raised by every administrator's edit; an edit naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A user who did something to a row; the row outlives the user. */
export const userRef = <N extends string>(name: N) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

/** A row that belongs to a user and goes with them. */
export const belongsToUser = <N extends string>(name: N) =>
  uuidRef(name, () => users.id, 'cascade');

/**
 * The columns of a row that admins edit: its version, raised by every edit (an edit naming an
 * older one is refused, 409), when it was made and last changed, and by whom.
 */
export const editedRowColumns = () => ({
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedBy: userRef('updated_by'),
});

export const delegations = pgTable(
  'delegations',
  {
    id: uuidId(),
    delegatorUserId: belongsToUser('delegator_user_id'),
    delegateUserId: belongsToUser('delegate_user_id'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
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
    id: uuidId(),
    userId: belongsToUser('user_id'),
    role: text('role').notNull(),
    assignment: text('assignment', { enum: ['REGION', 'ACCOUNT'] }),
    assignmentValue: text('assignment_value')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDeligatedRole: boolean('is_deligated_role').notNull().default(false),
    delegationId: uuid('delegation_id').references(() => delegations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_roles_user_idx').on(t.userId),
    check(
      'user_roles_delegation_flag',
      sql`(${t.delegationId} is null) = (not ${t.isDeligatedRole})`,
    ),
  ],
);

/**
 * Issue 38: how a seller last mapped the columns of an imported bill of materials, by normalised
 * header ("qty" → quantity), so the next file from the same tool maps itself.
 */
export const lineImportMappings = pgTable('line_import_mappings', {
  userId: uuidRef('user_id', () => users.id, 'cascade').primaryKey(),
  columns: jsonb('columns').$type<Record<string, string | null>>().notNull(),
  updatedAt: updatedAt(),
});

import { z } from 'zod';
import { ROLE_ASSIGNMENT_TYPES, ROLE_VALUES } from '../permissions/roles.ts';
import { isValidEmail, MAX_EMAIL_LENGTH } from '../validation/email.ts';
import { zRequiredText } from '../validation/required-text.ts';

/*
 * The user administration calls (issue 16, decision 021): the server validates its requests with
 * these and the browser its forms, with one message each. Answers are described by the types at
 * the end; the server's answer schemas follow them.
 */

export const ZUserEmail = zRequiredText(
  'Enter the e-mail address.',
  MAX_EMAIL_LENGTH,
  'The e-mail address is too long.',
)
  .toLowerCase()
  .refine(isValidEmail, 'Enter a valid e-mail address.');

const zName = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .max(100, `The ${what} is too long.`);

export const ID_PROVIDERS = ['Local', 'Google'] as const;
export type IdProvider = (typeof ID_PROVIDERS)[number];

/** One role as an administrator grants it: limited to regions or accounts, or not at all. */
export const ZRoleGrant = z
  .object({
    value: z.enum(ROLE_VALUES, { error: 'Choose a role from the list.' }),
    assignment: z
      .enum(ROLE_ASSIGNMENT_TYPES, { error: 'Limit the role to REGION or ACCOUNT, or not at all.' })
      .nullable(),
    assignment_value: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'An assignment value cannot be empty.')
          .max(100, 'An assignment value is too long.'),
      )
      .max(200, 'At most 200 assignment values a role.')
      .default([]),
  })
  .superRefine((role, context) => {
    if (role.assignment !== null && role.assignment_value.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['assignment_value'],
        message: `Pick at least one ${role.assignment === 'REGION' ? 'region' : 'account'} for ${role.value}, or remove the limit.`,
      });
    }
    if (role.assignment === null && role.assignment_value.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['assignment'],
        message: `Say whether ${role.value} is limited to regions or to accounts.`,
      });
    }
  });
export type RoleGrant = z.infer<typeof ZRoleGrant>;

const zRoleGrants = z
  .array(ZRoleGrant)
  .max(ROLE_VALUES.length, 'Too many roles.')
  .superRefine((roles, context) => {
    const seen = new Set<string>();
    roles.forEach((role, index) => {
      if (seen.has(role.value)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'value'],
          message: `${role.value} is listed twice.`,
        });
      }
      seen.add(role.value);
    });
  });

/** What the new-user form and the user-detail form edit. */
export const ZUserFields = z.object({
  first_name: zName('first name'),
  last_name: zName('last name'),
  id_provider: z.enum(ID_PROVIDERS, { error: 'Choose how the user signs in: Local or Google.' }),
  is_approver: z.boolean().default(false),
  roles: zRoleGrants,
});

/** POST /api/admin/create-user */
export const ZCreateUserBody = ZUserFields.extend({
  email: ZUserEmail,
  /** Local users only: e-mail them a link to set their password. */
  send_password: z.boolean().default(false),
  /** A program's account (issue 21): it calls the API with tokens and never signs in. */
  is_service_account: z.boolean().default(false),
});

/** POST /api/admin/update-user: the fields, at the version the form was opened at. */
export const ZUpdateUserBody = ZUserFields.extend({
  email: ZUserEmail,
  version: z.number().int().min(1),
});

/** Calls that name one user: user-detail, reset-user-mfa, send_password, impersonate. */
export const ZUserRefBody = z.object({ email: ZUserEmail });

/** POST /api/admin/set-user-disabled */
export const ZSetUserDisabledBody = z.object({ email: ZUserEmail, is_disabled: z.boolean() });

export const USER_STATUS_FILTERS = ['active', 'disabled'] as const;
export const MFA_FILTERS = ['on', 'off'] as const;
/** Last sign-in: never, within 7 or 30 days, or more than 30 days ago. */
export const LAST_SIGN_IN_FILTERS = ['never', '7d', '30d', 'older'] as const;
export const USER_SORTS = ['name', 'email', 'last_sign_in_at'] as const;

/** The users grid's filters (POST /api/admin/users and /api/admin/users-download). */
export const ZUserListFilters = z.object({
  search: z.string().trim().max(200, 'The search is too long.').default(''),
  role: z.enum(['', ...ROLE_VALUES]).default(''),
  region: z.string().trim().max(100).default(''),
  status: z.enum(['', ...USER_STATUS_FILTERS]).default(''),
  mfa: z.enum(['', ...MFA_FILTERS]).default(''),
  provider: z.enum(['', ...ID_PROVIDERS]).default(''),
  last_sign_in: z.enum(['', ...LAST_SIGN_IN_FILTERS]).default(''),
  sort: z.enum(USER_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

export const ZUserListBody = ZUserListFilters.extend({
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
});

/** POST /api/admin/user-sign-ins and /api/admin/user-history: one user's history, paged. */
export const ZUserHistoryBody = z.object({
  email: ZUserEmail,
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(25),
});

/** POST /api/admin/user-account-options: CRM accounts to limit a role to. */
export const ZAccountOptionsBody = z.object({
  search: z.string().trim().max(200, 'The search is too long.').default(''),
});

/** POST /api/admin/update-sign-in-policy (root admins). */
export const ZSignInPolicyBody = z.object({
  mfa_required_roles: z
    .array(z.enum(ROLE_VALUES, { error: 'Choose roles from the list.' }))
    .max(ROLE_VALUES.length),
});

/** A role as the grid and the detail show it (is_deligated_role spelt as the client spells it). */
export interface UserRoleView {
  value: (typeof ROLE_VALUES)[number];
  assignment: (typeof ROLE_ASSIGNMENT_TYPES)[number] | null;
  assignment_value: string[];
  is_deligated_role: boolean;
}

export interface UserListRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  id_provider: IdProvider;
  is_disabled: boolean;
  mfa_enabled: boolean;
  /** Own roles only. */
  roles: UserRoleView[];
  /** ISO instant, or null when never. */
  last_sign_in_at: string | null;
  /** A program's account, which calls the API with tokens (issue 21). */
  is_service_account: boolean;
}

export interface UserDetail extends UserListRow {
  is_approver: boolean;
  /** Roles lent by a current delegation: shown, never edited here. */
  delegated_roles: UserRoleView[];
  version: number;
  created_at: string;
  updated_at: string;
}

export interface UserSignInRow {
  occurred_at: string;
  /** e.g. succeeded, invalid_credentials, mfa_required, rate_limited, google. */
  outcome: string;
  ip: string;
}

export interface UserHistoryRow {
  occurred_at: string;
  action: string;
  actor_email: string | null;
  impersonator_email: string | null;
  /** For changes: the fields before and after. */
  details: Record<string, unknown>;
}

/** The most days an API token may run before it must be replaced. */
export const MAX_API_TOKEN_DAYS = 365;

/** POST /api/admin/api-tokens: the tokens of one service account. */
export const ZApiTokenListBody = z.object({ email: ZUserEmail });

/** POST /api/admin/create-api-token: a new token, shown once. */
export const ZCreateApiTokenBody = z.object({
  email: ZUserEmail,
  name: zRequiredText(
    'Name the token after what uses it, e.g. Order system.',
    100,
    'The token name is too long.',
  ),
  expires_in_days: z
    .number({ error: 'Say for how many days the token works.' })
    .int('Say for how many whole days the token works.')
    .min(1, 'A token works for at least one day.')
    .max(MAX_API_TOKEN_DAYS, `A token works for at most ${MAX_API_TOKEN_DAYS} days.`),
});

/** POST /api/admin/revoke-api-token */
export const ZRevokeApiTokenBody = z.object({
  email: ZUserEmail,
  token_id: z.uuid({ error: 'There is no such token.' }),
});

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;

export interface ApiTokenRow {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart. */
  token_prefix: string;
  state: (typeof API_TOKEN_STATES)[number];
  created_at: string;
  created_by_email: string | null;
  expires_at: string;
  last_used_at: string | null;
  last_used_ip: string;
  revoked_at: string | null;
  revoked_by_email: string | null;
}

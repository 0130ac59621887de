import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import {
  API_TOKEN_STATES,
  ID_PROVIDERS,
  type ApiTokenRow,
  type UserDetail,
  type UserHistoryRow,
  type UserListRow,
  type UserRoleView,
  type UserSignInRow,
} from './user-admin-schemas.ts';
import { ROLE_ASSIGNMENT_TYPES, ROLE_VALUES } from '../permissions/roles.ts';
import { zCountedPageFields, zEnvelope, zRowsPageEnvelope } from '../api/envelope.ts';

/*
 * User administration (issue 16, decision 021), under POST /api/admin/… and
 * /api/security/send_password. The requests are the domain's schemas, shared with the browser's
 * forms; the answers below follow the domain's answer types (checked by `satisfies`).
 */

export {
  ZAccountOptionsBody,
  ZApiTokenListBody,
  ZCreateApiTokenBody,
  ZCreateUserBody,
  ZRevokeApiTokenBody,
  ZSetUserDisabledBody,
  ZSignInPolicyBody,
  ZUpdateUserBody,
  ZUserHistoryBody,
  ZUserListBody,
  ZUserListFilters,
  ZUserRefBody,
} from './user-admin-schemas.ts';

/** A schema whose output is exactly `T`, both ways: a drifted field fails to compile. */
type Exactly<T, S extends z.ZodType> = [z.output<S>] extends [T]
  ? [T] extends [z.output<S>]
    ? S
    : never
  : never;

const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: Exactly<T, S>) =>
    schema;

export const ZUserRoleView = exactly<UserRoleView>()(
  z.object({
    value: z.enum(ROLE_VALUES),
    assignment: z.enum(ROLE_ASSIGNMENT_TYPES).nullable(),
    assignment_value: z.array(z.string()),
    is_deligated_role: z.boolean(),
  }),
);

const userListFields = {
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  id_provider: z.enum(ID_PROVIDERS),
  is_disabled: z.boolean(),
  mfa_enabled: z.boolean(),
  roles: z.array(ZUserRoleView),
  last_sign_in_at: z.string().nullable(),
  is_service_account: z.boolean(),
};

export const ZUserListRow = exactly<UserListRow>()(z.object(userListFields));

export const ZUserDetail = exactly<UserDetail>()(
  z.object({
    ...userListFields,
    is_approver: z.boolean(),
    delegated_roles: z.array(ZUserRoleView),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

export const ZUserSignInRow = exactly<UserSignInRow>()(
  z.object({ occurred_at: z.string(), outcome: z.string(), ip: z.string() }),
);

export const ZUserHistoryRow = exactly<UserHistoryRow>()(
  z.object({
    occurred_at: z.string(),
    action: z.string(),
    actor_email: z.string().nullable(),
    impersonator_email: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  }),
);

export const ZUserListResponse = zRowsPageEnvelope(ZUserListRow, zCountedPageFields);
export const ZUserDetailResponse = zEnvelope(ZUserDetail);
export const ZUserSignInsResponse = zRowsPageEnvelope(ZUserSignInRow, zCountedPageFields);
export const ZUserHistoryResponse = zRowsPageEnvelope(ZUserHistoryRow, zCountedPageFields);

/** users-download answers a CSV file, not an envelope. */
export const ZUsersCsv = z.string();

export const ZUserDisabledResponse = zEnvelope(
  z.object({ email: z.string(), is_disabled: z.boolean() }),
);
export const ZUserMfaResetResponse = zEnvelope(
  z.object({ email: z.string(), mfa_enabled: z.literal(false) }),
);
export const ZPasswordLinkSentResponse = zEnvelope(
  z.object({ email: z.string(), sent: z.literal(true) }),
);
export const ZAccountOptionsResponse = zEnvelope(
  z.object({ accounts: z.array(z.object({ id: z.string(), name: z.string() })) }),
);
export const ZSignInPolicyResponse = zEnvelope(
  z.object({ mfa_required_roles: z.array(z.enum(ROLE_VALUES)) }),
);

export const ZApiTokenRow = exactly<ApiTokenRow>()(
  z.object({
    id: z.string(),
    name: z.string(),
    token_prefix: z.string(),
    state: z.enum(API_TOKEN_STATES),
    created_at: z.string(),
    created_by_email: z.string().nullable(),
    expires_at: z.string(),
    last_used_at: z.string().nullable(),
    last_used_ip: z.string(),
    revoked_at: z.string().nullable(),
    revoked_by_email: z.string().nullable(),
  }),
);
export const ZApiTokenListResponse = zEnvelope(
  z.object({ email: z.string(), tokens: z.array(ZApiTokenRow) }),
);
/** The token itself is in this answer only. */
export const ZCreatedApiTokenResponse = zEnvelope(
  z.object({ token: z.string(), row: ZApiTokenRow }),
);
export const ZRevokedApiTokenResponse = zEnvelope(ZApiTokenRow);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZUserRoleView, { id: 'UserRole' });
namedApiSchemas.add(ZUserDetail, { id: 'UserDetail' });
namedApiSchemas.add(ZApiTokenRow, { id: 'ApiToken' });

import { z } from 'zod';
import {
  ID_PROVIDERS,
  type UserDetail,
  type UserHistoryRow,
  type UserListRow,
  type UserRoleView,
  type UserSignInRow,
} from '@bastion/domain/accounts/user-admin-schemas';
import { ROLE_ASSIGNMENT_TYPES, ROLE_VALUES } from '@bastion/domain/permissions/roles';
import { zCountedPageFields, zEnvelope, zRowsPageEnvelope } from '../../lib/envelope.ts';

/*
 * User administration (issue 16, decision 021), under POST /api/admin/… and
 * /api/security/send_password. The requests are the domain's schemas, shared with the browser's
 * forms; the answers below follow the domain's answer types (checked by `satisfies`).
 */

export {
  ZAccountOptionsBody,
  ZCreateUserBody,
  ZSetUserDisabledBody,
  ZSignInPolicyBody,
  ZUpdateUserBody,
  ZUserHistoryBody,
  ZUserListBody,
  ZUserListFilters,
  ZUserRefBody,
} from '@bastion/domain/accounts/user-admin-schemas';

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

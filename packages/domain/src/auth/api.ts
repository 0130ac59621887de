import { z } from 'zod';
import { ROLE_ASSIGNMENT_TYPES, ROLE_VALUES } from '../permissions/roles.ts';
import { zEnvelope } from '../api/envelope.ts';
import type { PermissionFlags } from '../permissions/flags.ts';

// The request bodies are the forms' schemas too (the browser checks with the same messages).
export { ZForgotPasswordBody, ZLoginBody, ZResetPasswordBody } from './schemas.ts';

export const ZForgotPasswordResponse = zEnvelope(z.object({ requested: z.literal(true) }));

export const ZResetPasswordResponse = zEnvelope(z.object({ reset: z.literal(true) }));

/** Signed in, or (for a user with two-step sign-in who sent no code) asked for the code. */
export const ZLoginResponse = zEnvelope(
  z.union([
    z.object({
      mfa_required: z.literal(false),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    }),
    z.object({ mfa_required: z.literal(true), email: z.string() }),
  ]),
);

export const ZLogoutResponse = zEnvelope(z.object({ logged_out: z.literal(true) }));

/** Whether the caller's cookie (or token) is a live session: asked before the session is read. */
export const ZSessionStateResponse = zEnvelope(z.object({ signed_in: z.boolean() }));

const ZRoleEntry = z.object({
  value: z.enum(ROLE_VALUES),
  assignment: z.enum(ROLE_ASSIGNMENT_TYPES).nullable(),
  assignment_value: z.array(z.string()),
  is_deligated_role: z.boolean(),
});

const ZMenuItem = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  tier: z.number().int(),
  code: z.string(),
  label: z.string(),
  link: z.string().nullable(),
  is_default: z.boolean(),
  context: z.string(),
  sort_order: z.number().int(),
});

/**
 * The caller's flags, as permissions/flags.ts derivePermissions makes them. The document describes
 * (and the server checks) them as a map of booleans, as before; the type says which flags the
 * server always sends, so the web reads `permissions.can_copy` as a boolean.
 */
const ZPermissionFlags = z.record(z.string(), z.boolean()) as unknown as z.ZodType<
  PermissionFlags,
  Record<string, boolean>
>;

export const ZIntrospectResponse = zEnvelope(
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      id_provider: z.enum(['Local', 'Google']),
      is_approver: z.boolean(),
      is_delegated_to_me: z.boolean(),
      has_delegation: z.boolean(),
      roles: z.array(ZRoleEntry),
      delegated_roles: z.array(ZRoleEntry),
      permissions: ZPermissionFlags,
      impersonated_by: z.string().nullable(),
      mfa_enabled: z.boolean(),
      mfa_enrolment_required: z.boolean(),
    }),
    menus: z.array(ZMenuItem),
    app_settings: z.record(z.string(), z.string()),
    /** How often the client polls flags, broadcasts and settings (CLIENT_POLL_SECONDS). */
    poll_interval_ms: z.number().int().positive(),
  }),
);

import { z } from 'zod';
import { ROLE_ASSIGNMENT_TYPES, ROLE_VALUES } from '@bastion/domain/permissions/roles';
import { zEnvelope } from '../../lib/envelope.ts';

export const ZLoginBody = z.object({
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(320, 'The email address is too long.'),
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(1024, 'The password is too long.'),
  /** From the link e-mailed when an account's sign-in is paused (decision 016). */
  unlock_token: z.string().max(128, 'The unlock link is not valid.').optional(),
});

export const ZForgotPasswordBody = z.object({
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(320, 'The email address is too long.'),
});

export const ZForgotPasswordResponse = zEnvelope(z.object({ requested: z.literal(true) }));

export const ZResetPasswordBody = z.object({
  token: z
    .string({ error: 'The reset link is incomplete.' })
    .min(1, 'The reset link is incomplete.')
    .max(128, 'The reset link is not valid.'),
  password: z
    .string({ error: 'Enter a new password.' })
    .min(1, 'Enter a new password.')
    .max(1024, 'The password is too long.'),
});

export const ZResetPasswordResponse = zEnvelope(z.object({ reset: z.literal(true) }));

export const ZLoginResponse = zEnvelope(
  z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
);

export const ZLogoutResponse = zEnvelope(z.object({ logged_out: z.literal(true) }));

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
      permissions: z.record(z.string(), z.boolean()),
    }),
    menus: z.array(ZMenuItem),
    app_settings: z.record(z.string(), z.string()),
  }),
);

import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { newPasswordProblem } from '../validation/password.ts';

/*
 * What the sign-in and password-reset forms send: the server validates its requests with these
 * (apps/server/src/features/auth/auth.schemas.ts) and the browser its forms, with one message each.
 */

const ZEmail = zRequiredText('Enter your email address.', 320, 'The email address is too long.');

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(1024, 'The password is too long.'),
  /** From the link e-mailed when an account's sign-in is paused (decision 016). */
  unlock_token: z.string().max(128, 'The unlock link is not valid.').optional(),
  /** The second step for a user with two-step sign-in: a current code or a recovery code. */
  otp: z.string().max(64, 'The code is too long.').optional(),
});

/** The sign-in form: the request without the unlock link, which comes from the address. */
export const ZLoginForm = ZLoginBody.omit({ unlock_token: true, otp: true });

/** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const ZSecondFactorCode = zRequiredText(
  'Enter the code from your authenticator app.',
  64,
  'The code is too long.',
);

/** The multi-factor-login step of the sign-in page. */
export const ZOtpForm = z.object({ otp: ZSecondFactorCode });

/** POST /api/security/update-mfa-enabled: turn two-step sign-in on (with a code of the new secret) or off. */
export const ZUpdateMfaEnabledBody = z.object({
  enabled: z.boolean({ error: 'Say whether to turn two-step sign-in on or off.' }),
  code: ZSecondFactorCode,
});

/** Calls confirmed with a current code or a recovery code (regenerate-recovery-codes). */
export const ZMfaCodeBody = z.object({ code: ZSecondFactorCode });

/** POST /api/security/change-password */
export const ZChangePasswordBody = z.object({
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024, 'The password is too long.'),
  new_password: z
    .string({ error: 'Enter a new password.' })
    .min(1, 'Enter a new password.')
    .max(1024, 'The password is too long.'),
});

/** The change-password form: a new password the server will accept, typed twice. */
export const ZChangePasswordForm = z
  .object({
    current_password: ZChangePasswordBody.shape.current_password,
    new_password: ZChangePasswordBody.shape.new_password.superRefine((password, context) => {
      const problem = newPasswordProblem(password);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    confirmation: z.string(),
  })
  .refine((form) => form.confirmation === form.new_password, {
    path: ['confirmation'],
    message: 'The passwords do not match.',
  });

export const ZForgotPasswordBody = z.object({ email: ZEmail });

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

/**
 * The reset form: a new password the server will accept (newPasswordProblem, which the server
 * also applies), typed twice. The token comes from the link, not the form.
 */
export const ZResetPasswordForm = z
  .object({
    password: ZResetPasswordBody.shape.password.superRefine((password, context) => {
      const problem = newPasswordProblem(password);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    confirmation: z.string(),
  })
  .refine((form) => form.confirmation === form.password, {
    path: ['confirmation'],
    message: 'The passwords do not match.',
  });

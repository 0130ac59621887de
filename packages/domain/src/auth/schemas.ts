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
});

/** The sign-in form: the request without the unlock link, which comes from the address. */
export const ZLoginForm = ZLoginBody.omit({ unlock_token: true });

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

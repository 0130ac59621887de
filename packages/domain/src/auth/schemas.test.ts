import { describe, expect, it } from 'vitest';
import { ZLoginForm, ZResetPasswordForm } from './schemas.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the sign-in and reset forms', () => {
  it('asks for both sign-in fields, with the server messages', () => {
    expect(messagesOf(ZLoginForm.safeParse({ email: '  ', password: '' }))).toEqual([
      'Enter your email address.',
      'Enter your password.',
    ]);
  });

  it('holds a new password to the server rule and asks for it twice alike', () => {
    expect(
      messagesOf(ZResetPasswordForm.safeParse({ password: 'short', confirmation: 'other' })),
    ).toEqual(['Use at least 12 characters.', 'The passwords do not match.']);
    expect(
      ZResetPasswordForm.safeParse({
        password: 'A-long-enough-passphrase-9',
        confirmation: 'A-long-enough-passphrase-9',
      }).success,
    ).toBe(true);
  });
});

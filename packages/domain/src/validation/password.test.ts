import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPasswordProblem } from './password.ts';

describe('newPasswordProblem', () => {
  itReturns('%j → %j', newPasswordProblem, [
    ['x'.repeat(MIN_PASSWORD_LENGTH - 1), 'Use at least 12 characters.'],
    ['x'.repeat(MIN_PASSWORD_LENGTH), null],
    ['correct horse battery staple', null],
    ['x'.repeat(MAX_PASSWORD_LENGTH), null],
    ['x'.repeat(MAX_PASSWORD_LENGTH + 1), 'Use at most 256 characters.'],
    [' '.repeat(20), 'The password cannot be only spaces.'],
  ]);

  it('refuses the e-mail address as the password, whatever its case', () => {
    expect(newPasswordProblem('Someone@Example.com', 'someone@example.com')).toBe(
      'Do not use your e-mail address as your password.',
    );
    expect(newPasswordProblem('someone@example.org', 'someone@example.com')).toBeNull();
  });
});

/** Length is what makes a password hard to guess; composition rules only make it hard to remember. */
export const MIN_PASSWORD_LENGTH = 12;
/** argon2 hashes anything, but an unbounded input is a cheap way to burn server time. */
export const MAX_PASSWORD_LENGTH = 256;

/** What is wrong with a new password, or null when it is acceptable. */
export function newPasswordProblem(password: string, email = ''): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  if (password.trim().length === 0) return 'The password cannot be only spaces.';
  const normalized = password.trim().toLowerCase();
  if (email && normalized === email.trim().toLowerCase()) {
    return 'Do not use your e-mail address as your password.';
  }
  return null;
}

/** Why the login page is shown after a sign-out the user did not ask for. */
export type SignOutReason = 'account-disabled';

/** The router state other screens hand to /login. */
export interface LoginPageState {
  /** Where the user was going; they return there after signing in. */
  from?: string;
  reason?: SignOutReason;
}

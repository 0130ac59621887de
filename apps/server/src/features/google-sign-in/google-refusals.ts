/**
 * Why a Google sign-in was refused: the audit action is `auth.google.<reason>` and the browser
 * is sent to `/login?google_error=<reason>`, where the login page explains it.
 */
export type GoogleRefusal =
  /** The callback came to a server where Google sign-in is not configured. */
  | 'not_configured'
  /** The provider could not be reached (discovery, token endpoint). */
  | 'unavailable'
  /** The user cancelled at the provider, or refused consent. */
  | 'access_denied'
  /** The provider answered another error. */
  | 'provider_error'
  /** The state is unknown, used (a replayed callback), expired, or not this browser's. */
  | 'invalid_state'
  /** The code was refused or the ID token did not verify (issuer, audience, nonce, signature). */
  | 'verification_failed'
  /** The provider did not vouch for the e-mail address. */
  | 'email_unverified'
  /** No Bastion account has that e-mail: accounts are never created by signing in. */
  | 'unknown_account'
  | 'account_disabled'
  /** A password account with a second factor must sign in with its password and code. */
  | 'mfa_required'
  /** Maintenance mode is on and the user is not one who keeps working through it. */
  | 'maintenance';

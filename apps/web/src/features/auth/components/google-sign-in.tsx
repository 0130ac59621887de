import Alert from 'react-bootstrap/Alert';
import { useSearchParams } from 'react-router';
import { clearSignInMarkers } from '@/lib/session-markers.ts';
import { useSignInOptions } from '../api/sign-in-options.ts';

/** The server's reasons for refusing a Google sign-in (`/login?google_error=…`), in words. */
const REFUSAL_MESSAGES: Readonly<Record<string, string>> = {
  unknown_account:
    'There is no Bastion CPQ account for that Google account’s e-mail address. Ask your administrator to add you, or sign in with another Google account.',
  account_disabled: 'This account is disabled. Contact your administrator.',
  email_unverified:
    'Google has not verified the e-mail address of that account, so it cannot be used to sign in.',
  mfa_required:
    'Your account uses two-step sign-in. Sign in with your e-mail address, password and a code from your authenticator app.',
  access_denied: 'Google sign-in was cancelled. You can try again, or sign in with your password.',
  invalid_state:
    'That Google sign-in had expired or was already used. Start again with “Sign in with Google”.',
  verification_failed:
    'Google’s answer could not be verified, so you were not signed in. Please try again.',
  provider_error: 'Google could not sign you in. Please try again.',
  unavailable: 'Google sign-in is not reachable at the moment. Please try again in a minute.',
  not_configured: 'Google sign-in is not set up on this site. Sign in with your password.',
  maintenance: 'Bastion CPQ is under maintenance. Please sign in again later.',
};

const FALLBACK_MESSAGE = 'Google sign-in did not succeed. Please try again.';

/** The sign-in route, carrying the page to come back to (the server checks it is one of ours). */
export function googleSignInHref(returnPath?: string | null): string {
  return returnPath
    ? `/api/security/oauth/google?from=${encodeURIComponent(returnPath)}`
    : '/api/security/oauth/google';
}

/**
 * "Sign in with Google", shown only where the server takes it, with the reason a Google
 * sign-in that came back here was refused.
 */
export function GoogleSignIn({
  returnPath,
  divider = true,
}: {
  /** The page the user was going to; the server returns there after signing in. */
  returnPath?: string | null;
  /** The "or" line above the button, under a password form. */
  divider?: boolean;
}) {
  const [searchParams] = useSearchParams();
  const refusal = searchParams.get('google_error');
  const options = useSignInOptions();

  return (
    <>
      {refusal ? (
        <Alert variant="warning" role="alert" className="mt-3 mb-0">
          {REFUSAL_MESSAGES[refusal] ?? FALLBACK_MESSAGE}
        </Alert>
      ) : null}
      {options.data?.google ? (
        <>
          {divider ? (
            <div className="auth-divider my-3">
              <span>or</span>
            </div>
          ) : null}
          <a
            href={googleSignInHref(returnPath)}
            className="btn btn-outline-secondary w-100"
            // Coming back signed in is a fresh start: the login page then asks the server.
            onClick={clearSignInMarkers}
          >
            <i className="bi bi-google me-2" aria-hidden="true" />
            Sign in with Google
          </a>
        </>
      ) : null}
    </>
  );
}

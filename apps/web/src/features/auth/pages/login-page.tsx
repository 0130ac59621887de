import { ZLoginForm } from '@bastion/domain/auth/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '@/components/form/fields.tsx';
import { showServerErrors, useZodForm } from '@/components/form/form.tsx';
import { FullPageLoader } from '@/components/full-page-loader.tsx';
import {
  forgetReturnPath,
  isLoggedOut,
  readReturnPath,
  takeSessionExpiredMarker,
} from '@/lib/session-markers.ts';
import { sessionProbeQueryOptions } from '../api/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthForm } from '../components/auth-form.tsx';
import { CodeStep } from '../components/code-step.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { useFocusOnMount } from '../components/use-focus-on-mount.ts';
import { landingPathFor } from '../landing-path.ts';
import type { LoginPageState } from '../login-page-state.ts';

/** History state survives reloads and can be anything, so read it field by field. */
function stateOf(value: unknown): LoginPageState {
  if (typeof value !== 'object' || value === null) return {};
  const { from, reason } = value as Record<string, unknown>;
  return {
    from: typeof from === 'string' ? from : undefined,
    reason: reason === 'account-disabled' ? reason : undefined,
  };
}

function errorMessageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Sign-in failed. Please try again.';
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { from, reason } = stateOf(location.state);
  // The link e-mailed when too many failed attempts paused sign-in to the account.
  const [searchParams] = useSearchParams();
  const unlockToken = searchParams.get('unlock') ?? '';
  // Read once: the notice is shown for this visit and then forgotten (spec §4).
  const [hasSessionExpired] = useState(takeSessionExpiredMarker);
  // Right after signing out nobody is signed in, so skip asking the server.
  const [mayBeSignedIn] = useState(() => !isLoggedOut());
  const signIn = useSignIn();
  // Two-step sign-in: the credentials the code step sends again with the code.
  const [codeFor, setCodeFor] = useState<{ email: string; password: string } | null>(null);
  // Once signing in starts, the sign-in itself decides where to go.
  const probe = useQuery({
    ...sessionProbeQueryOptions,
    enabled: mayBeSignedIn && signIn.isIdle,
  });
  const form = useZodForm(ZLoginForm, {
    // Judged on submit: leaving a field (for the links below) must not move the page under the click.
    mode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  useFocusOnMount(form, 'email', !probe.data && !probe.isLoading);

  const requestedPath = from ?? readReturnPath();

  if (probe.data) {
    return <Navigate to={landingPathFor(probe.data, requestedPath)} replace />;
  }
  if (probe.isLoading) return <FullPageLoader />;

  const signInWith = (
    credentials: { email: string; password: string; otp?: string },
    onRefused: (error: unknown) => void,
  ) =>
    signIn.mutate(
      { ...credentials, ...(unlockToken ? { unlock_token: unlockToken } : {}) },
      {
        onSuccess: (result) => {
          if (!('session' in result)) {
            // The password was right: the code comes next, sent with the same credentials.
            setCodeFor(credentials);
            signIn.reset();
            return;
          }
          forgetReturnPath();
          // flushSync: the landing page is on screen by the time the address changes.
          void navigate(landingPathFor(result.session, requestedPath), {
            replace: true,
            flushSync: true,
          });
        },
        onError: onRefused,
      },
    );

  if (codeFor) {
    return (
      <CodeStep
        email={codeFor.email}
        request={signIn}
        onSubmit={(otp, onRefused) => signInWith({ ...codeFor, otp }, onRefused)}
        onBack={() => {
          setCodeFor(null);
          signIn.reset();
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Sign in"
      footer={
        <Link to="/forgot" className="link-secondary">
          Forgot password?
        </Link>
      }
    >
      {reason === 'account-disabled' ? (
        <Alert variant="warning" role="alert">
          Your account has been disabled, so you have been signed out. Contact your administrator if
          you need access.
        </Alert>
      ) : unlockToken ? (
        <Alert variant="info" role="alert">
          Sign in with your password to unlock your account.
        </Alert>
      ) : hasSessionExpired ? (
        <Alert variant="info" role="alert">
          Your session has expired. Please sign in again.
        </Alert>
      ) : null}
      <AuthForm
        form={form}
        request={signIn}
        problemOf={errorMessageOf}
        submitText="Sign in"
        onSubmit={(credentials) =>
          signInWith(credentials, (error) => {
            form.resetField('password');
            showServerErrors(form, error, ['email', 'password']);
          })
        }
      >
        <TextField name="email" label="Email" type="email" autoComplete="username" />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          className="mb-4"
        />
      </AuthForm>
      <GoogleSignIn returnPath={requestedPath} />
    </AuthCard>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bastion/domain/format/date-time';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { FullPageLoader } from '@/components/full-page-loader.tsx';
import { displayNameOf, sessionProbeQueryOptions, type Session } from '../api/session.ts';
import { useGoogleProfile, useSignInOptions } from '../api/sign-in-options.ts';
import { AuthCard, BackToSignIn } from '../components/auth-card.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { SignOutButton } from '../components/sign-out-button.tsx';
import { landingPathFor } from '../landing-path.ts';

/** Spec §2: the public /profile route, the profile of whoever is signed in here. */
export function GoogleProfilePage() {
  const probe = useQuery(sessionProbeQueryOptions);
  if (probe.isPending) return <FullPageLoader />;
  if (probe.isError) {
    return (
      <div className="full-page-center">
        <ErrorScreen error={probe.error} onRetry={() => void probe.refetch()} />
      </div>
    );
  }
  return probe.data ? <SignedInProfile session={probe.data} /> : <SignedOutProfile />;
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const whenOf = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);

function SignedInProfile({ session }: { session: Session }) {
  const { user } = session;
  const google = useGoogleProfile();
  const label = 'col-sm-4 text-body-secondary fw-normal';
  return (
    <AuthCard title="Your profile">
      <dl className="row mb-4">
        <dt className={label}>Name</dt>
        <dd className="col-sm-8">{displayNameOf(user)}</dd>
        <dt className={label}>E-mail</dt>
        <dd className="col-sm-8">{user.email}</dd>
        <dt className={label}>Google account</dt>
        <dd className="col-sm-8">
          {google.isPending ? (
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading…</span>
            </Spinner>
          ) : google.data ? (
            <>
              <i className="bi bi-google me-2" aria-hidden="true" />
              {google.data.name ? `${google.data.name}, ` : ''}
              {google.data.email}
              <div className="small text-body-secondary">
                Last signed in with Google {whenOf(google.data.signed_in_at)}
              </div>
            </>
          ) : google.isError ? (
            <span className="text-body-secondary">Could not be read just now.</span>
          ) : (
            <span className="text-body-secondary">Not used to sign in yet</span>
          )}
        </dd>
        <dt className={label}>Password</dt>
        <dd className="col-sm-8">
          {user.id_provider === 'Google'
            ? 'None: this account signs in with Google'
            : user.mfa_enabled
              ? 'Yes, with a code from an authenticator app'
              : 'Yes'}
        </dd>
        {user.impersonated_by ? (
          <>
            <dt className={label}>Acting for you</dt>
            <dd className="col-sm-8">{user.impersonated_by}</dd>
          </>
        ) : null}
      </dl>
      <div className="d-grid gap-2">
        <Link to={landingPathFor(session)} className="btn btn-primary">
          Continue to Bastion CPQ
        </Link>
        <Link to="/cpq/user-profile/ref" className="btn btn-outline-secondary">
          Roles, security and delegations
        </Link>
        <SignOutButton />
      </div>
    </AuthCard>
  );
}

function SignedOutProfile() {
  const options = useSignInOptions();
  return (
    <AuthCard title="Your profile" footer={<BackToSignIn />}>
      <p>Nobody is signed in on this browser.</p>
      {options.data?.google ? (
        <p className="text-body-secondary">
          Sign in with the Google account your company gave you to see your profile.
        </p>
      ) : options.data ? (
        <Alert variant="info" className="mb-0">
          Google sign-in is not set up on this site. Sign in with your e-mail address and password
          instead.
        </Alert>
      ) : null}
      <GoogleSignIn returnPath={null} divider={false} />
    </AuthCard>
  );
}

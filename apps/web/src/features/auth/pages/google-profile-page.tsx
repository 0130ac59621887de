import Alert from 'react-bootstrap/Alert';
import { environment } from '@/lib/environment.ts';
import { AuthCard, BackToSignIn } from '../components/auth-card.tsx';

/** Where Google sign-in returns to; the Google flow itself arrives with a later issue. */
export function GoogleProfilePage() {
  return (
    <AuthCard title="Google sign-in" footer={<BackToSignIn />}>
      {environment.googleClientId ? (
        <>
          <p>Continue with the Google account your company gave you.</p>
          <a href="/api/security/oauth/google" className="btn btn-outline-secondary w-100">
            <i className="bi bi-google me-2" aria-hidden="true" />
            Sign in with Google
          </a>
        </>
      ) : (
        <Alert variant="info" className="mb-0">
          Google sign-in is not set up on this site. Sign in with your e-mail address and password
          instead.
        </Alert>
      )}
    </AuthCard>
  );
}

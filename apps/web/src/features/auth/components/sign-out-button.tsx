import { useState } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSignOut } from '../api/sign-out.ts';

/** A stand-alone "Sign out" button for full-page screens that have no navbar. */
export function SignOutButton({ variant = 'outline-secondary', ...props }: ButtonProps) {
  const signOut = useSignOut();
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <Button
      {...props}
      variant={variant}
      disabled={isSigningOut}
      onClick={() => {
        setIsSigningOut(true);
        void signOut();
      }}
    >
      {isSigningOut ? (
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      ) : (
        <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
      )}
      Sign out
    </Button>
  );
}

import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { environment } from '@/lib/environment.ts';
import { SignOutButton } from './sign-out-button.tsx';

interface AuthCardProps {
  /** Names the page for the browser tab and screen readers. */
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every public page (sign-in, password reset…) sits in. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <main className="auth-page">
      <title>{`${title} · Bastion CPQ`}</title>
      <Card className="auth-card shadow-sm">
        <Card.Body className="p-4 p-sm-5">
          <div className="text-center mb-4">
            <img src="/favicon.svg" alt="" width={48} height={48} />
            <p className="auth-product-name mt-2 mb-0">Bastion CPQ</p>
            <h1 className="h5 text-body-secondary fw-normal mt-1 mb-0">{title}</h1>
            {environment.name !== 'production' ? (
              <span className="badge text-bg-warning mt-2">{environment.displayName}</span>
            ) : null}
          </div>
          {children}
        </Card.Body>
        {footer ? <Card.Footer className="text-center py-3">{footer}</Card.Footer> : null}
      </Card>
    </main>
  );
}

/** The footer link of the password and Google pages. */
export function BackToSignIn() {
  return (
    <Link to="/login" className="link-secondary">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      Back to sign in
    </Link>
  );
}

/** A signed-in user's dead end (maintenance, no menus): what happened, and a way out. */
export function NoticeCard({
  title,
  icon,
  heading,
  children,
}: {
  /** For the browser tab. */
  title: string;
  /** Bootstrap icon classes ("bi-cone-striped text-warning"). */
  icon: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <title>{`${title} · Bastion CPQ`}</title>
      <Card className="auth-card shadow-sm text-center">
        <Card.Body className="p-4 p-sm-5">
          <i className={`bi ${icon} no-data-icon`} aria-hidden="true" />
          <h1 className="h4 mt-3">{heading}</h1>
          {children}
          <SignOutButton />
        </Card.Body>
      </Card>
    </main>
  );
}

import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * A button with an icon and words that turn into a spinner while what it started runs; it is
 * disabled meanwhile. `icon` is a Bootstrap icon's class ("bi-check2").
 */
export function PendingIconButton({
  isPending,
  icon,
  children,
  disabled,
  ...button
}: ButtonProps & { isPending: boolean; icon: string; children: ReactNode }) {
  return (
    <Button {...button} disabled={disabled || isPending}>
      {isPending ? (
        <Spinner animation="border" size="sm" aria-hidden="true" />
      ) : (
        <>
          <i className={`bi ${icon} me-1`} aria-hidden="true" />
          {children}
        </>
      )}
    </Button>
  );
}

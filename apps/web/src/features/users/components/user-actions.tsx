import { canImpersonate } from '@bastion/domain/accounts/policy';
import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { useImpersonate } from '../../impersonation/index.ts';
import type { SessionUser } from '../../auth/index.ts';
import {
  useResetUserMfa,
  useSendPasswordLink,
  useSetUserDisabled,
  type UserDetail,
} from '../api/users.ts';

/** One action: its button, and a sentence saying what it does. */
function Action(props: { help: ReactNode; children: ReactNode }) {
  return (
    <div className="d-flex flex-column gap-1 py-2 border-bottom">
      <div>{props.children}</div>
      <div className="small text-body-secondary">{props.help}</div>
    </div>
  );
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The server refused the change.';

/**
 * What an administrator does to a user besides editing them: disable or enable, reset their
 * two-step sign-in, e-mail a set-password link, act as them. Each says what it does; the ones
 * that cannot be taken back at once ask first.
 */
export function UserActions({ user, actor }: { user: UserDetail; actor: SessionUser }) {
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const setDisabled = useSetUserDisabled();
  const resetMfa = useResetUserMfa();
  const sendPassword = useSendPasswordLink();
  const impersonate = useImpersonate();
  const isSelf = actor.email.toLowerCase() === user.email.toLowerCase();
  const mayActAs =
    !user.is_service_account &&
    !isSelf &&
    !user.is_disabled &&
    actor.impersonated_by === null &&
    canImpersonate(actor.roles, user.roles);

  // Disabling and enabling are one button: what it says depends on which way it goes.
  const toggle = user.is_disabled
    ? {
        verb: 'Enable',
        variant: 'success' as const,
        question: 'Let this user sign in again?',
        done: 'Enabled the user: they can sign in again.',
        help: user.is_service_account
          ? 'Lets its API tokens work again (those not revoked or expired).'
          : 'Lets the user sign in again with their password or Google account.',
      }
    : {
        verb: 'Disable',
        variant: undefined,
        question: 'Sign this user out everywhere and stop them signing in?',
        done: 'Disabled the user: they were signed out and cannot sign in.',
        help: user.is_service_account
          ? 'Stops every API token of this service account at once. Its quotes and history stay; you can enable it again.'
          : 'Stops the user signing in and signs them out everywhere at once. Their quotes and history stay; you can enable them again.',
      };

  const run = <T,>(promise: Promise<T>, done: string) => {
    setResult(null);
    promise.then(
      () => setResult({ tone: 'success', text: done }),
      (error: unknown) => setResult({ tone: 'danger', text: messageOf(error) }),
    );
  };

  return (
    <Card>
      <Card.Header>
        <h2 className="h6 mb-0">Account actions</h2>
      </Card.Header>
      <Card.Body className="pt-1">
        {result ? (
          <Alert
            variant={result.tone}
            role={result.tone === 'danger' ? 'alert' : 'status'}
            className="mt-2 mb-1"
            dismissible
            onClose={() => setResult(null)}
          >
            {result.text}
          </Alert>
        ) : null}
        {isSelf ? (
          <Action help="You cannot disable your own account: another administrator can.">
            <span className="small fw-semibold">This is you.</span>
          </Action>
        ) : (
          <Action help={toggle.help}>
            <ConfirmButton
              label={`${toggle.verb} user ${user.email}`}
              variant={toggle.variant}
              text={`${toggle.verb} user`}
              question={toggle.question}
              confirmText={toggle.verb}
              isPending={setDisabled.isPending}
              onConfirm={() =>
                run(
                  setDisabled.mutateAsync({ email: user.email, is_disabled: !user.is_disabled }),
                  toggle.done,
                )
              }
            />
          </Action>
        )}
        {user.mfa_enabled ? (
          <Action help="Turns off their two-step sign-in, for example after a lost phone. They sign in with their password alone, and set up a new code when asked.">
            <ConfirmButton
              label={`Reset two-step sign-in of ${user.email}`}
              variant="warning"
              text="Reset two-step sign-in"
              question="Turn off this user's two-step sign-in?"
              confirmText="Reset"
              isPending={resetMfa.isPending}
              onConfirm={() =>
                run(
                  resetMfa.mutateAsync({ email: user.email }),
                  'Two-step sign-in is off for this user.',
                )
              }
            />
          </Action>
        ) : null}
        {user.id_provider === 'Local' && !user.is_service_account ? (
          <Action help="E-mails the user a single-use link to choose a new password. Nobody else, you included, ever sees the password.">
            <Button
              variant="outline-primary"
              disabled={sendPassword.isPending || user.is_disabled}
              onClick={() =>
                run(
                  sendPassword.mutateAsync({ email: user.email }),
                  `Sent a set-password link to ${user.email}.`,
                )
              }
            >
              {sendPassword.isPending ? (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <i className="bi bi-envelope me-1" aria-hidden="true" />
              )}
              Send set-password link
            </Button>
          </Action>
        ) : null}
        {mayActAs ? (
          <Action help="Opens the app as this user sees it, to help them. What you change is recorded under both your names; a banner takes you back.">
            <Button
              variant="outline-secondary"
              disabled={impersonate.isPending}
              onClick={() => {
                setResult(null);
                // On success the app reloads as the user (useImpersonate).
                impersonate.mutate(
                  { email: user.email },
                  { onError: (error) => setResult({ tone: 'danger', text: messageOf(error) }) },
                );
              }}
            >
              <i className="bi bi-person-badge me-1" aria-hidden="true" />
              Act as this user
            </Button>
          </Action>
        ) : null}
      </Card.Body>
    </Card>
  );
}

import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from '@bastion/domain/validation/password';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

interface PasswordProblems {
  password?: string;
  confirmation?: string;
}

function checkPasswords(password: string, confirmation: string): PasswordProblems {
  const problems: PasswordProblems = {};
  const passwordProblem = newPasswordProblem(password);
  if (passwordProblem) problems.password = passwordProblem;
  if (confirmation !== password) problems.confirmation = 'The passwords do not match.';
  return problems;
}

const backToSignIn = (
  <Link to="/login" className="link-secondary">
    <i className="bi bi-arrow-left me-1" aria-hidden="true" />
    Back to sign in
  </Link>
);

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);

  const problems = checkPasswords(password, confirmation);
  // Judge the entry only once the user has tried to submit it, not while they type.
  const showProblems = wasSubmitted;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (problems.password || problems.confirmation) return;
    resetPassword.mutate({ token, password });
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password" footer={backToSignIn}>
        <Alert variant="warning" role="alert" className="mb-0">
          This reset link is incomplete. Open the link from the e-mail again, or{' '}
          <Link to="/forgot">ask for a new one</Link>.
        </Alert>
      </AuthCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Choose a new password" footer={backToSignIn}>
        <Alert variant="success" role="alert" className="mb-3">
          Your password has been changed. You can now sign in with it.
        </Alert>
        <Link to="/login" className="btn btn-primary w-100">
          Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" footer={backToSignIn}>
      {resetPassword.isError ? (
        <Alert variant="danger" role="alert">
          {resetPassword.error.message}
        </Alert>
      ) : null}
      <Form onSubmit={handleSubmit} noValidate>
        <Form.Group className="mb-3" controlId="reset-password">
          <Form.Label>New password</Form.Label>
          <Form.Control
            type="password"
            name="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            aria-describedby="reset-password-help"
            isInvalid={showProblems && Boolean(problems.password)}
            onChange={(event) => setPassword(event.target.value)}
          />
          {/* One line under the field: the rule, or what is wrong with the entry. */}
          {showProblems && problems.password ? (
            <Form.Control.Feedback type="invalid" id="reset-password-help">
              {problems.password}
            </Form.Control.Feedback>
          ) : (
            <Form.Text id="reset-password-help">
              At least {MIN_PASSWORD_LENGTH} characters.
            </Form.Text>
          )}
        </Form.Group>
        <Form.Group className="mb-4" controlId="reset-password-confirmation">
          <Form.Label>Confirm new password</Form.Label>
          <Form.Control
            type="password"
            name="password-confirmation"
            autoComplete="new-password"
            value={confirmation}
            aria-describedby="reset-confirmation-problem"
            isInvalid={showProblems && Boolean(problems.confirmation)}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="reset-confirmation-problem">
            {problems.confirmation}
          </Form.Control.Feedback>
        </Form.Group>
        <Button
          type="submit"
          variant="primary"
          className="w-100"
          disabled={resetPassword.isPending}
        >
          {resetPassword.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          Change password
        </Button>
      </Form>
    </AuthCard>
  );
}

import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    requestReset.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to="/login" className="link-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to sign in
        </Link>
      }
    >
      {requestReset.isSuccess ? (
        // Same answer whether or not the account exists, so the page reveals no accounts.
        <Alert variant="success" role="alert" className="mb-0">
          If an account exists for that address, we have sent instructions.
        </Alert>
      ) : (
        <>
          <p className="text-body-secondary">
            Enter the e-mail address you sign in with and we will send you a link to choose a new
            password.
          </p>
          {requestReset.isError ? (
            <Alert variant="danger" role="alert">
              {requestReset.error.message}
            </Alert>
          ) : null}
          <Form onSubmit={handleSubmit}>
            <Form.Group className="mb-4" controlId="forgot-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Form.Group>
            <Button
              type="submit"
              variant="primary"
              className="w-100"
              disabled={requestReset.isPending}
            >
              {requestReset.isPending ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              ) : null}
              Send instructions
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

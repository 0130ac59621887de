import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { AppForm, SubmitButton } from '@/components/form/form.tsx';
import { messageOf } from '@/lib/api-problems.ts';

/**
 * The form of a public page (sign-in, password reset): why the last try failed above it, its
 * fields, and one wide submit button.
 */
export function AuthForm<TIn extends FieldValues, TOut extends FieldValues>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  /** The request the form sends. */
  request: { isError: boolean; error: unknown; isPending: boolean };
  /** Words the failure (default: the server's message). */
  problemOf?: (error: unknown) => string;
  /** The fields that take the server's messages (none without it). */
  serverFields?: readonly string[];
  submitText: string;
  children: ReactNode;
}) {
  const { request } = props;
  return (
    <>
      {request.isError ? (
        <Alert variant="danger" role="alert">
          {(props.problemOf ?? messageOf)(request.error)}
        </Alert>
      ) : null}
      <AppForm
        form={props.form}
        error={props.serverFields ? request.error : undefined}
        serverFields={props.serverFields}
        onSubmit={props.onSubmit}
      >
        {props.children}
        <SubmitButton isPending={request.isPending} className="w-100">
          {props.submitText}
        </SubmitButton>
      </AppForm>
    </>
  );
}

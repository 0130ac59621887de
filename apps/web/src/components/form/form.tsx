import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import {
  FormProvider,
  useForm,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useFormLeaveGuard } from '../leave-guard.tsx';

/**
 * A react-hook-form form validated by a zod schema: the same schema the server checks with
 * (packages/domain), so the browser says what the server would say, before anything is sent.
 * Messages show once a field was left (onTouched) and on every submit.
 */
export function useZodForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Puts the server's field messages (ApiError.errors, by path) under the fields they name. What
 * names no field of this form stays for FormProblem to say above it. Returns how many were placed.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
  fieldNames?: readonly string[],
): number {
  let placed = 0;
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    if (fieldNames && !fieldNames.includes(path)) continue;
    form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}

/** The form element: no browser bubbles (our messages are the server's), submit through zod. */
export function AppForm<TIn extends FieldValues, TOut extends FieldValues>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  /** The last save's error: its field messages go under the fields (FormProblem says the rest). */
  error?: unknown;
  /** Only these fields take the server's messages (default: any field it names). */
  serverFields?: readonly string[];
  children: ReactNode;
  className?: string;
  id?: string;
  'aria-label'?: string;
  /**
   * "the SKU BX-100F-HW": asks before the user leaves with unsaved changes (decision 032), with
   * Save and leave running onSubmit, which must then return a promise that rejects when the
   * server refuses.
   */
  leaveGuard?: string;
}) {
  const { form, onSubmit, children, className, id, error, serverFields } = props;
  const guard = useFormLeaveGuard(
    form,
    props.leaveGuard ?? null,
    (values: TOut) => Promise.resolve(onSubmit(values)),
    (refusal) =>
      showServerErrors(form as unknown as UseFormReturn<FieldValues>, refusal, serverFields),
  );
  // Each refusal once: setError re-renders the form, and the error object stays the same.
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shownError.current === error) return;
    shownError.current = error;
    showServerErrors(form as unknown as UseFormReturn<FieldValues>, error, serverFields);
  });
  return (
    <FormProvider {...form}>
      {guard.dialog}
      <form
        noValidate
        id={id}
        className={className}
        aria-label={props['aria-label']}
        onSubmit={(event) =>
          void form.handleSubmit(props.leaveGuard === undefined ? onSubmit : guard.submit)(event)
        }
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** What went wrong with a save, above the form: field problems point down to the fields. */
export function FormProblem({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  const hasFieldErrors = Object.keys(fieldErrorsOf(error)).length > 0;
  return (
    <Alert variant="danger" role="alert" className={className}>
      {hasFieldErrors
        ? 'Nothing was saved. Correct the fields marked in red and save again.'
        : error instanceof Error
          ? error.message
          : 'Nothing was saved.'}
    </Alert>
  );
}

/** The form's submit button, with a spinner while the save runs. */
export function SubmitButton(props: {
  children: ReactNode;
  isPending: boolean;
  isDisabled?: boolean;
  variant?: string;
  className?: string;
  form?: string;
}) {
  return (
    <Button
      type="submit"
      form={props.form}
      variant={props.variant ?? 'primary'}
      className={props.className}
      disabled={props.isPending || props.isDisabled}
    >
      {props.isPending ? (
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      ) : null}
      {props.children}
    </Button>
  );
}

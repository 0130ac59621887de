import { useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useFormState, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';

/**
 * A card with a form that adds a row to a margin-data table (or changes the row it names): the
 * fields are checked with the server's schema before anything is sent, the server's refusals show
 * under the fields they name, and a sentence says what was saved.
 */
export function AddRowCard<TIn extends FieldValues, TOut extends FieldValues>(props: {
  title: string;
  /** The form's accessible name ("Add a cost lookup"). */
  formLabel: string;
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** Saves the row; resolves to the sentence that says what was saved. */
  save: (values: TOut) => Promise<string>;
  /** What the form starts again from after a save (default: defaultValues). */
  valuesAfterSave?: (values: TOut) => DefaultValues<TIn>;
  /** The fields (in grid columns) and an AddButton. */
  children: ReactNode;
  /** Below the form, inside the card. */
  after?: ReactNode;
}) {
  const form = useZodForm(props.schema, { defaultValues: props.defaultValues });
  const [added, setAdded] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A change to any field makes the last outcome old news.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () => {
          setAdded(null);
          setError(null);
        },
      }),
    [form],
  );
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">{props.title}</h2>
      </Card.Header>
      <Card.Body>
        <AppForm
          form={form}
          error={error}
          aria-label={props.formLabel}
          className="row g-3 align-items-start"
          leaveGuard="the row you are adding"
          // A refusal rejects, so that Save and leave stays to show it.
          onSubmit={async (values) => {
            try {
              const message = await props.save(values);
              form.reset(props.valuesAfterSave?.(values) ?? props.defaultValues);
              setAdded(message);
            } catch (caught) {
              setError(caught);
              throw caught;
            }
          }}
        >
          {props.children}
        </AppForm>
        {props.after}
        {added ? (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            {added}
          </Alert>
        ) : null}
        <FormProblem error={error} className="mt-3 mb-0" />
      </Card.Body>
    </Card>
  );
}

/** The add form's submit button, in its own grid column; says when it is saving. */
export function AddButton({ children, className }: { children: ReactNode; className?: string }) {
  const { isSubmitting } = useFormState();
  return (
    <div className={className}>
      <SubmitButton isPending={isSubmitting} className="w-100">
        {children}
      </SubmitButton>
    </div>
  );
}

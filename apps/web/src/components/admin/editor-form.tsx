import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { AppForm, FormProblem, showServerErrors } from '../form/form.tsx';
import { EditorActions, type EditorRemoval } from './editor-actions.tsx';

/**
 * The side-panel editor of an admin screen: its form (react-hook-form + the shared zod schema),
 * what went wrong with the last save above the fields, the server's field messages under the
 * fields, and the actions below. `onSubmit` saves (a mutateAsync); a refusal stays on the form.
 */
export function EditorForm<TIn extends FieldValues, TOut extends FieldValues>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => Promise<unknown>;
  /** The save's (or the removal's) error, said above the fields. */
  error: unknown;
  submitText: string;
  isPending: boolean;
  onCancel: () => void;
  remove?: EditorRemoval;
  'aria-label'?: string;
  /** Between the form and its actions (a test of the unsaved record, say). */
  between?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const { form } = props;
  return (
    <>
      <AppForm
        form={form}
        id={id}
        aria-label={props['aria-label']}
        onSubmit={(values) =>
          props.onSubmit(values).catch((error: unknown) => {
            showServerErrors(form as unknown as UseFormReturn<FieldValues>, error);
          })
        }
      >
        <FormProblem error={props.error} />
        {props.children}
      </AppForm>
      {props.between}
      <EditorActions
        formId={id}
        submitText={props.submitText}
        isPending={props.isPending}
        onCancel={props.onCancel}
        remove={props.remove}
      />
    </>
  );
}

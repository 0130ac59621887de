import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { AppForm, FormProblem, showServerErrors } from '../form/form.tsx';
import { useFormLeaveGuard } from '../leave-guard.tsx';
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
  /** "this rule": what the question before leaving with unsaved changes names. */
  what?: string;
  children: ReactNode;
}) {
  const id = useId();
  const { form, onSubmit, error, between, children, what, 'aria-label': label, ...actions } = props;
  const leaveGuard = useFormLeaveGuard(form, what ?? 'this record', onSubmit, (refusal) =>
    showServerErrors(form as unknown as UseFormReturn<FieldValues>, refusal),
  );
  return (
    <>
      {leaveGuard.dialog}
      <AppForm form={form} id={id} aria-label={label} onSubmit={leaveGuard.submit}>
        <FormProblem error={error} />
        {children}
      </AppForm>
      {between}
      {/* The save, cancel and removal the editor was given. */}
      {/* Cancel means to throw the changes away: it is not asked about. */}
      <EditorActions
        formId={id}
        {...actions}
        onCancel={() => {
          leaveGuard.release();
          actions.onCancel();
        }}
      />
    </>
  );
}

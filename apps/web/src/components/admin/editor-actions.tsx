import Button from 'react-bootstrap/Button';
import { ConfirmButton } from '../confirm-button.tsx';
import { SubmitButton } from '../form/form.tsx';

/** The removal of the record an editor shows, after a question. */
export interface EditorRemoval {
  /** The accessible name: "Delete rule Thin margin". */
  label: string;
  question: string;
  confirmText: string;
  isPending: boolean;
  onConfirm: () => void;
}

/**
 * The foot of a side-panel editor: save (or create), cancel, and, for a record that exists,
 * its removal after a question. The same on every editor of the admin screens.
 */
export function EditorActions(props: {
  /** "Create rule", "Save rule", "Save new version"… */
  submitText: string;
  isPending: boolean;
  onCancel: () => void;
  cancelText?: string;
  /** The form's id, when the actions stand outside it. */
  formId?: string;
  remove?: EditorRemoval | undefined;
}) {
  const { remove } = props;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start border-top pt-3 mt-3">
      <SubmitButton isPending={props.isPending} form={props.formId}>
        {props.submitText}
      </SubmitButton>
      <Button variant="outline-secondary" onClick={props.onCancel}>
        {props.cancelText ?? 'Cancel'}
      </Button>
      {remove ? (
        <div className="ms-auto">
          <ConfirmButton
            label={remove.label}
            question={remove.question}
            confirmText={remove.confirmText}
            cancelText="Keep it"
            isPending={remove.isPending}
            text={
              <>
                <i className="bi bi-trash me-1" aria-hidden="true" />
                Delete
              </>
            }
            onConfirm={remove.onConfirm}
          />
        </div>
      ) : null}
    </div>
  );
}

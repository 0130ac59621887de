import { changeField, createFormState, visibleRowsOf } from '@bastion/domain/forms/engine';
import type { FormRecipe, FormValues, JsonValue, Lookups } from '@bastion/domain/forms/recipe';
import { validateFields, type ValidationContext } from '@bastion/domain/validation/form-validation';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useLeaveGuard } from '../leave-guard.tsx';
import { errorsUnder } from './composite-values.ts';
import { FieldControl } from './field-control.tsx';

const NO_ERRORS: Readonly<Record<string, string>> = {};

export interface RecipeFormProps {
  recipe: FormRecipe;
  lookups: Lookups;
  initialValues?: FormValues;
  context?: ValidationContext;
  /** Errors the server sent back, keyed like the client's (err_key or field); keep it stable. */
  serverErrors?: Readonly<Record<string, string>>;
  submitLabel?: string;
  isSubmitting?: boolean;
  /** Called with the validated payload once every field is valid. */
  onSubmit: (payload: FormValues, values: FormValues) => void;
  /** Extra buttons beside the submit button. */
  actions?: ReactNode;
  /**
   * Asks before the user leaves with changes (decision 032): `what` names them in the question,
   * `save` (the submit without its own navigation) offers Save and leave.
   */
  leaveGuard?: {
    what: string;
    save?: (payload: FormValues, values: FormValues) => Promise<unknown>;
  };
}

/**
 * Draws a form recipe and runs its rules as the user types (spec §3, §4). Errors appear under
 * a field once the user has left it, and under every field at the first submit.
 */
export function RecipeForm({
  recipe,
  lookups,
  initialValues,
  context,
  serverErrors = NO_ERRORS,
  submitLabel = 'Save',
  isSubmitting = false,
  onSubmit,
  actions,
  leaveGuard,
}: RecipeFormProps) {
  const idPrefix = useId();
  const [state, setState] = useState(() =>
    createFormState(recipe, { values: initialValues, lookups }),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [hasEdits, setHasEdits] = useState(false);
  // Counts refused submits: each sends focus to the first field that says what is wrong.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Server errors stand until the user edits the field they are about; new ones start afresh.
  const [edited, setEdited] = useState<{ for: object; keys: ReadonlySet<string> }>({
    for: serverErrors,
    keys: new Set(),
  });
  const editedSinceServer = edited.for === serverErrors ? edited.keys : new Set<string>();

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .is-invalid')?.focus();
  }, [refusals]);

  useEffect(() => {
    // Recipes are data from admins: a broken rule is skipped, and someone should hear of it.
    state.warnings.forEach((warning) => console.warn(warning));
  }, [state.warnings]);

  const rows = useMemo(() => visibleRowsOf(recipe, state), [recipe, state]);
  const validation = useMemo(
    () => validateFields(rows.flat(), state.values, context),
    [rows, state.values, context],
  );

  const keyOf = (field: { field: string; err_key?: string }) => field.err_key ?? field.field;
  const errorFor = (field: { field: string; err_key?: string }): string | undefined => {
    const key = keyOf(field);
    const clientError = validation.errors[key];
    if (clientError && (wasSubmitted || touched.has(key))) return clientError;
    return editedSinceServer.has(key) ? undefined : serverErrors[key];
  };

  const partErrorsFor = (field: { field: string; err_key?: string }) => {
    const key = keyOf(field);
    if (wasSubmitted || touched.has(key)) return errorsUnder(validation.errors, key);
    return editedSinceServer.has(key) ? {} : errorsUnder(serverErrors, key);
  };

  const handleChange = (name: string, value: JsonValue | undefined) => {
    setHasEdits(true);
    setState((previous) => changeField(recipe, previous, name, value, { lookups }));
    const owner = rows.flat().find((f) => [f.field, f.field1, f.field2].includes(name));
    if (owner) {
      setEdited((previous) => ({
        for: serverErrors,
        keys: new Set(previous.for === serverErrors ? previous.keys : []).add(keyOf(owner)),
      }));
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (validation.isValid) onSubmit(validation.payload, state.values);
    else setRefusals((count) => count + 1);
  };

  const errorCount = Object.keys(validation.errors).length;

  // While the submit runs the page may move on (to what it created): that is not leaving work.
  const saveForLeave = leaveGuard?.save;
  const guard = useLeaveGuard({
    isDirty: leaveGuard !== undefined && hasEdits && !isSubmitting,
    what: leaveGuard?.what ?? '',
    save: saveForLeave
      ? () => {
          setWasSubmitted(true);
          if (!validation.isValid) {
            setRefusals((count) => count + 1);
            return Promise.resolve(false);
          }
          return saveForLeave(validation.payload, state.values).then(() => true);
        }
      : undefined,
  });

  return (
    <form ref={formRef} className="recipe-form" noValidate onSubmit={handleSubmit}>
      {guard.dialog}
      {wasSubmitted && errorCount > 0 ? (
        <Alert variant="danger" role="alert">
          {errorCount === 1
            ? 'One problem needs your attention.'
            : `${errorCount} problems need your attention.`}{' '}
          The messages are under the fields.
        </Alert>
      ) : null}
      {rows.map((row, index) =>
        row.length === 0 ? null : (
          <div className="row g-3 mb-3" key={index}>
            {row.map((field) => (
              <div className={field.col_class_name ?? 'col-12'} key={field.field}>
                <FieldControl
                  field={field}
                  value={state.values[field.field]}
                  values={state.values}
                  error={errorFor(field)}
                  partErrors={partErrorsFor(field)}
                  lookups={lookups}
                  id={`${idPrefix}-${field.field}`}
                  onChange={handleChange}
                  onBlur={() => setTouched((keys) => new Set(keys).add(keyOf(field)))}
                />
              </div>
            ))}
          </div>
        ),
      )}
      {/* Keeping focus where it is on mousedown: the blur would show the last field's error,
          move these buttons down, and the click would land where they no longer are. */}
      <div
        className="d-flex gap-2 justify-content-end"
        onMouseDown={(event) => event.preventDefault()}
      >
        {actions}
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

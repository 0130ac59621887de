/**
 * The form rules engine (spec §4): from a recipe and the values entered so far, which fields
 * show, how, with which options, and what the rules do to the values. Pure: the browser runs it
 * on every change and the server on a submission, and both must get the same answer.
 *
 * Field props are recomputed from the recipe on every pass, so they depend only on the values
 * and lookups. Value side effects (drop on hide, restore the default on reveal, set the default
 * of UPDATE_DEFAULT_VALUE, clear a value no longer offered) happen when a rule's outcome changes,
 * which `FormState.outcomes` remembers between changes.
 */
import {
  type FieldState,
  type FormRecipe,
  type FormState,
  type FormValues,
  type Lookups,
} from './recipe.ts';
import { isSameValue, ownValue, setValue } from './values.ts';
import { type Value, defaultValueOf, fieldStateOf, prepareRun, valueKeysOf } from './form-run.ts';
import { deriveFields, evaluateOutcomes, resetKeysOf, settle } from './run-rules.ts';

export interface CreateFormStateOptions {
  /** Values the user already chose (a saved quote, a submission to re-validate). */
  values?: FormValues;
  lookups?: Lookups;
}

export interface ChangeFieldOptions {
  /** The lookups to filter; the state's own when absent. */
  lookups?: Lookups;
}

export function createFormState(
  recipe: FormRecipe,
  options: CreateFormStateOptions = {},
): FormState {
  const run = prepareRun(recipe, options.lookups);
  const defaults: FormValues = {};
  for (const field of run.fields) {
    for (const key of valueKeysOf(field)) {
      const value = defaultValueOf(field, key);
      if (value !== undefined) setValue(defaults, key, value);
    }
  }
  const values = { ...defaults, ...recipe.initial_state, ...options.values };
  // The caller's values are the user's choices: defaults never overwrite them, though hiding a
  // field or narrowing its options still drops them.
  return settle(run, values, [], new Set(Object.keys(options.values ?? {})));
}

/**
 * Sets several values at once, clears what their reset lists name, and reruns the rules. A
 * value in `changes` is never cleared by another change's reset list.
 */
export function changeFields(
  recipe: FormRecipe,
  state: FormState,
  changes: FormValues,
  options: ChangeFieldOptions = {},
): FormState {
  const run = prepareRun(recipe, options.lookups ?? state.lookups);
  const names = Object.keys(changes);
  const values = { ...state.values };
  for (const name of names) setValue(values, name, ownValue(changes, name));
  // Re-entering the same value is not a change: it must not wipe the fields that depend on it.
  const changed = names.filter(
    (name) => !isSameValue(ownValue(state.values, name), ownValue(changes, name)),
  );
  for (const key of resetKeysOf(run, state, changed)) {
    if (!Object.hasOwn(changes, key)) setValue(values, key, undefined);
  }
  return settle(run, values, state.outcomes, new Set());
}

export function changeField(
  recipe: FormRecipe,
  state: FormState,
  name: string,
  value: Value,
  options: ChangeFieldOptions = {},
): FormState {
  return changeFields(recipe, state, { [name]: value }, options);
}

/**
 * The rules' outcomes and the fields as they leave them, for values taken as they are: no value
 * side effects. A FormState's fields and outcomes always equal these for its values.
 */
export function evaluateRules(
  recipe: FormRecipe,
  values: FormValues,
  options: ChangeFieldOptions = {},
): Pick<FormState, 'outcomes' | 'fields' | 'warnings'> {
  const run = prepareRun(recipe, options.lookups);
  const outcomes = evaluateOutcomes(run, values);
  return { outcomes, fields: deriveFields(run, outcomes), warnings: [...run.warnings] };
}

/** The visible fields row by row, empty rows left out: what the renderer draws. */
export function visibleRowsOf(recipe: FormRecipe, state: FormState): FieldState[][] {
  const seen = new Set<string>();
  return recipe.rows
    .map((row) =>
      row.flatMap((field) => {
        if (seen.has(field.field)) return [];
        seen.add(field.field);
        const fieldState = fieldStateOf(state, field.field);
        return fieldState?.is_visible ? [fieldState] : [];
      }),
    )
    .filter((row) => row.length > 0);
}

/** The visible fields in row order: what the validator checks. */
export const visibleFieldsOf = (recipe: FormRecipe, state: FormState): FieldState[] =>
  visibleRowsOf(recipe, state).flat();

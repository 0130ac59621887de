/**
 * Running a recipe's rules over the values (engine.ts): their outcomes, the fields as they leave
 * them, and the value side effects of the outcomes that changed.
 */
import {
  type FieldState,
  type FormField,
  type FormState,
  type FormValues,
  type LookupOption,
  type Lookups,
} from './recipe.ts';
import { isEmptyValue, isSameValues, ownValue, setValue, textOf } from './values.ts';
import {
  type CompiledRule,
  type Outcome,
  type Run,
  type Value,
  defaultValueOf,
  fieldStateOf,
  skippedRuleWarning,
  valueKeysOf,
} from './form-run.ts';

/**
 * Runs passes until the value side effects stop changing values. A cycle (a rule whose effect
 * flips its own condition, directly or through others) must not hang the page, so passes are
 * bounded; the state returned is then the last one reached, with a warning.
 */
export function settle(
  run: Run,
  start: FormValues,
  previousOutcomes: readonly (Outcome | undefined)[],
  protectedKeys: ReadonlySet<string>,
): FormState {
  const maxPasses = run.rules.length + run.fields.length + 2;
  let values = start;
  let previous = previousOutcomes;
  let outcomes = evaluateOutcomes(run, values);
  let isSettled = false;
  for (let pass = 0; pass < maxPasses && !isSettled; pass += 1) {
    const fields = deriveFields(run, outcomes);
    const next = applyValueEffects(run, previous, outcomes, fields, values, protectedKeys);
    if (isSameValues(next, values)) {
      isSettled = true;
    } else {
      previous = outcomes;
      values = next;
      outcomes = evaluateOutcomes(run, values);
    }
  }
  if (!isSettled) run.warnings.add(`Form rules did not settle after ${maxPasses} passes; stopped.`);
  return {
    values,
    fields: deriveFields(run, outcomes),
    outcomes,
    warnings: [...run.warnings],
    ...(run.lookups ? { lookups: run.lookups } : {}),
  };
}

export function evaluateOutcomes(run: Run, values: FormValues): Outcome[] {
  return run.rules.map((compiled, index) => {
    if (!compiled) return null;
    try {
      return compiled.holds(values);
    } catch (error) {
      run.warnings.add(skippedRuleWarning(compiled.rule, index, error));
      return null;
    }
  });
}

interface FieldDraft {
  props: FormField;
  /** Set by the last FILTER_LOOKUP that holds. */
  family?: string;
}

/**
 * The fields as the rules leave them, from the recipe's props and the outcomes alone. Rules
 * apply in recipe order, so a later rule wins on the same prop. SHOW, EDITABLE and READONLY act
 * both ways; UPDATE_PROP, UPDATE_DEFAULT_VALUE and FILTER_LOOKUP act only while they hold, since
 * "the recipe's own props" is what every pass starts from.
 */
export function deriveFields(run: Run, outcomes: readonly Outcome[]): Record<string, FieldState> {
  const drafts = new Map<string, FieldDraft>(
    run.fields.map((field) => [field.field, { props: { ...field } }]),
  );
  run.rules.forEach((compiled, index) => {
    const holds = outcomes[index];
    if (!compiled || holds === null || holds === undefined) return;
    for (const target of compiled.targets) {
      const draft = drafts.get(target.field);
      if (draft) applyEffect(compiled, holds, draft);
    }
  });
  return Object.fromEntries(
    [...drafts].map(([name, draft]) => [name, toFieldState(draft, run.lookups)]),
  );
}

function applyEffect({ effect, rule }: CompiledRule, holds: boolean, draft: FieldDraft): void {
  const { props } = draft;
  switch (effect) {
    case 'SHOW':
      props.is_hidden = !holds;
      if (holds) {
        props.is_required = true;
        props.is_optional = false;
      } else {
        props.is_optional = true;
      }
      return;
    case 'EDITABLE':
      props.is_disabled = !holds;
      return;
    case 'READONLY':
      props.is_disabled = holds;
      return;
    case 'UPDATE_PROP':
      if (holds) Object.assign(props, rule.new_props);
      return;
    case 'UPDATE_DEFAULT_VALUE':
      if (holds) props.default_value = rule.new_props?.default_value;
      return;
    case 'FILTER_LOOKUP':
      if (holds) draft.family = rule.family;
      return;
  }
}

function toFieldState({ props, family }: FieldDraft, lookups: Lookups | undefined): FieldState {
  const fieldState: FieldState = { ...props, is_visible: !props.is_hidden };
  const list =
    props.lookup && lookups && Object.hasOwn(lookups, props.lookup)
      ? lookups[props.lookup]
      : undefined;
  // Without the list (not loaded yet) nobody knows what is on offer: no options, nothing cleared.
  if (list) {
    fieldState.options =
      family === undefined ? [...list] : list.filter((option) => option.family === family);
  }
  return fieldState;
}

/** The value side effects of the rules whose outcome changed since `previous`. */
function applyValueEffects(
  run: Run,
  previous: readonly (Outcome | undefined)[],
  outcomes: readonly Outcome[],
  fields: Record<string, FieldState>,
  values: FormValues,
  protectedKeys: ReadonlySet<string>,
): FormValues {
  const next = { ...values };
  run.rules.forEach((compiled, index) => {
    const holds = outcomes[index];
    if (!compiled || holds === null || holds === undefined || holds === previous[index]) return;
    for (const target of compiled.targets) {
      const field = Object.hasOwn(fields, target.field) ? fields[target.field] : undefined;
      if (!field) continue;
      for (const key of valueKeysOf(target)) {
        const current = ownValue(next, key);
        switch (compiled.effect) {
          case 'SHOW':
            if (!holds) setValue(next, key, undefined);
            else if (isEmptyValue(current) && !protectedKeys.has(key)) {
              setValue(next, key, defaultValueOf(field, key));
            }
            break;
          case 'UPDATE_DEFAULT_VALUE':
            if (holds && !protectedKeys.has(key)) {
              const ruleDefault = compiled.rule.new_props?.default_value;
              setValue(next, key, defaultValueOf({ ...target, default_value: ruleDefault }, key));
            }
            break;
          case 'FILTER_LOOKUP':
            if (field.options) setValue(next, key, offeredPart(current, field.options));
            break;
          case 'EDITABLE':
          case 'READONLY':
          case 'UPDATE_PROP':
            break;
        }
      }
    }
  });
  return next;
}

/** The part of a value still on offer: a list keeps its offered items, a single value all or nothing. */
function offeredPart(value: Value, options: readonly LookupOption[]): Value {
  if (isEmptyValue(value)) return value;
  const offered = new Set(options.map((option) => option.value));
  if (Array.isArray(value)) {
    const kept = value.filter((item) => offered.has(textOf(item)));
    if (kept.length === value.length) return value;
    return kept.length > 0 ? kept : undefined;
  }
  return offered.has(textOf(value)) ? value : undefined;
}

/** The value keys cleared when `changed` change: their reset lists, followed transitively. */
export function resetKeysOf(run: Run, state: FormState, changed: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const visited = new Set(changed);
  const queue = [...changed];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const field = run.byName.get(next) ?? run.byValueKey.get(next);
    if (!field) continue;
    // The reset list as the rules left it: an UPDATE_PROP may have changed it.
    const resetList = (fieldStateOf(state, field.field) ?? field).reset_value_for ?? [];
    for (const name of resetList) {
      const named = run.byName.get(name);
      for (const key of named ? valueKeysOf(named) : [name]) keys.add(key);
      if (!visited.has(name)) {
        visited.add(name);
        queue.push(name);
      }
    }
  }
  return keys;
}
